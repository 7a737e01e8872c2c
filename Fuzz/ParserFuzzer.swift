// libFuzzer entry point for the parsers Shoebox writes itself. The first input byte picks the
// parser, the rest is its input. Built by scripts/fuzz.sh with -sanitize=fuzzer,address.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let body = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let bytes = Array(body)
    switch selector % 13 {
    case 0: _ = AppleMakerNote.parse(bytes)
    case 1: _ = ExifText.clean(bytes)   // and file names: their text must give back every byte
            precondition(PathText.decode(PathText.encode(bytes)) == bytes, "PathText lost a byte")
    case 2: _ = XMPPacket.find(in: body).map { $0.values("GCamera:MicroVideoOffset") + $0.values("Item:Length") + $0.dates().map(\.value) }
            _ = XMPPacket.find(in: body).map { ($0.rating(), $0.title(), $0.caption(), $0.keywords(), $0.location()) }
    case 3: _ = MotionPhotoScanner.scan(body, format: .jpeg, xmp: XMPPacket.find(in: body))
    case 4: _ = MotionPhotoScanner.scan(body, format: .heic, xmp: nil)
    case 5: _ = JPEGStructure.isTruncated(body); _ = PNGStructure.isTruncated(body); _ = FormatSniffer.format(of: bytes)
            _ = BMPHeader(bytes); _ = JXLContainer.exifBlock(in: body); _ = AVIFSequence.read(body)
    case 6: let text = String(decoding: bytes, as: UTF8.self)
            _ = ISO6709.location(text); _ = QuickTimeDate.iso(text); _ = ExifDate.isoLocalTime(text); _ = CaptureTime.gapSeconds(text, text)
            _ = XMPDate.iso(text).map(CaptureTimeChoice.isUsable); _ = CaptureTimeChoice.best(of: [DateCandidate(.xmpCreateDate, text)])
            _ = XMPCoordinate.degrees(text, allowed: "NS", limit: 90); _ = XMPCoordinate.rational(text); _ = XMLEntities.decode(text)
            _ = TakeoutJSON.names(forMediaNamed: text); _ = TakeoutJSON.mediaName(forJSONNamed: text)
            _ = TakeoutJSON.contents(of: Data(bytes))
    case 7: _ = try? PipelineConfiguration.parse(Data(bytes), file: "fuzz.json")
    case 8: _ = HEIFContainer.parse(body)
    case 9: // The HEVC route, and the H.264 SPS an MP4's avcC holds (`shoebox metadata`'s videos).
        _ = HEIFShrinkingDecoder(body)?.decode(covering: PixelSize(width: 8, height: 8))
        _ = H264SequenceParameters(avcC: body)
    case 10: // A TIFF's EXIF structure, copied: copying the copy must give it back.
        if let block = TIFFExifBlock.extract(from: body) {
            let again = block.dropFirst(6).withUnsafeBytes { TIFFExifBlock.extract(from: $0) }
            precondition(again == block, "TIFFExifBlock: copying its own block changed it")
        }
    case 11: // RAW recognition (IFD0's DNGVersion and Make) and a CR3's or RAF's EXIF.
        _ = FormatSniffer.format(ofFile: body)
        _ = RawEXIF.block(in: body, format: .cr3)
        _ = RawEXIF.block(in: body, format: .raf)
    default: _ = IPTCReader.dateCreated(in: body)
    }
    return 0
}
