import Foundation

/// One fuzz input through the parsers Shoebox writes itself, for the `ShoeboxFuzz` harness
/// (libFuzzer, `scripts/fuzz.sh`) and its replay mode. It lives in the library, built from the
/// same sources as the product, so the harness can never fall behind them.
///
/// The first byte picks the parser, the rest is its input (the last one, the video path, is
/// FFmpeg's as much as ours). A parser may fail on any input; it
/// must never crash, hang or read out of bounds, and the checks below must hold.
public enum ParserFuzzing {
    /// How many parsers the first byte chooses among.
    public static let parserCount = 18

    public static func run(_ input: UnsafeRawBufferPointer) {
        guard let selector = input.first else { return }
        let body = UnsafeRawBufferPointer(rebasing: input.dropFirst())
        let bytes = Array(body)
        switch Int(selector) % parserCount {
        case 0: _ = AppleMakerNote.parse(bytes)
        case 1: _ = ExifText.clean(bytes)   // and file names: their text must give back every byte
            precondition(PathText.decode(PathText.encode(bytes)) == bytes, "PathText lost a byte")
        case 2: xmp(body)
        case 3: _ = MotionPhotoScanner.scan(body, format: .jpeg, xmp: XMPPacket.find(in: body))
        case 4: _ = MotionPhotoScanner.scan(body, format: .heic, xmp: nil)
        case 5: structure(body, bytes)
        case 6: text(String(decoding: bytes, as: UTF8.self), bytes)
        case 7: _ = try? PipelineConfiguration.parse(Data(bytes), file: "fuzz.json")
        case 8: _ = HEIFContainer.parse(body)
        case 9: // The HEVC route (from padded bytes, as a file's are: its pictures read in place), and
                // the H.264 SPS an MP4's avcC holds (`shoebox metadata`'s videos).
            let source = SourceBytes(copying: Data(body))
            _ = HEIFShrinkingDecoder(UnsafeRawBufferPointer(source.buffer), padding: SourceBytes.padding)?
                .decode(covering: PixelSize(width: 8, height: 8))
            _ = H264SequenceParameters(avcC: body)
        case 10: tiff(body)
        case 11: // RAW recognition (IFD0's DNGVersion and Make) and a CR3's or RAF's EXIF.
            _ = FormatSniffer.format(ofFile: body)
            _ = RawEXIF.block(in: body, format: .cr3)
            _ = RawEXIF.block(in: body, format: .raf)
        case 12: _ = IPTCReader.dateCreated(in: body); _ = IPTCReader.descriptive(in: body)
        case 13: bitmap(bytes)
        case 14: _ = PNGText.inflatedBytes(body, atMost: 1 << 20); _ = DecodeMemory.png(body, size: PixelSize(width: 1, height: 1))
        case 15: _ = QuickTimeUserData.dayText(inUserData: body)
        case 16: leftOutParts(body)
        default: video(body)
        }
    }

    /// The video probe and poster path: FFmpeg's demuxer and decoder on the bytes, as a file
    /// (VideoFile reads files by descriptor), Shoebox's description and poster conversion after.
    /// Needs FFmpeg's libraries; without them the input is passed over.
    private static func video(_ body: UnsafeRawBufferPointer) {
        let path = NSTemporaryDirectory() + "/shoebox-fuzz-\(getpid()).mp4"
        guard FileManager.default.createFile(atPath: path, contents: Data(body)) else { return }
        defer { unlink(path) }
        guard let file = try? VideoFile(path: path, format: .mp4) else { return }
        _ = VideoPosterDecoder.metadata(of: file.info, path: path, modifiedNanoseconds: 0)
        _ = try? file.posterFrame(at: 0.1, fitting: PixelSize(width: 64, height: 64))
    }

    /// The walkers that name what `metadata` leaves unread, each on the bytes as a file: what
    /// they name must lie inside it, in order, without overlap (`SourceFile.read` relies on it).
    private static func leftOutParts(_ body: UnsafeRawBufferPointer) {
        let path = NSTemporaryDirectory() + "/shoebox-fuzz-parts-\(getpid())"
        guard FileManager.default.createFile(atPath: path, contents: Data(body)) else { return }
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let size = Int64(body.count)
        for walker in [PNGStructure.pixelData, TIFFPixelData.ranges, HEIFPictureData.ranges, WebPFrameData.ranges] {
            let ranges = walker(fd, size)
            precondition(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "left-out parts overlap")
            precondition(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= size }, "a left-out part outside the file")
        }
    }

    private static func xmp(_ body: UnsafeRawBufferPointer) {
        guard let packet = XMPPacket.find(in: body) else { return }
        _ = packet.values("GCamera:MicroVideoOffset") + packet.values("Item:Length") + packet.dates().map(\.value)
        _ = (packet.rating(), packet.title(), packet.caption(), packet.keywords(), packet.location())
    }

    private static func structure(_ body: UnsafeRawBufferPointer, _ bytes: [UInt8]) {
        _ = JPEGStructure.isTruncated(body); _ = JPEGStructure.extraneousBytesBeforeFirstScan(body)
        _ = PNGStructure.isTruncated(body); _ = FormatSniffer.format(of: bytes)
        _ = JXLContainer.exifBlock(in: body); _ = AVIFSequence.read(body)
    }

    private static func text(_ text: String, _ bytes: [UInt8]) {
        _ = ISO6709.location(text); _ = QuickTimeDate.iso(text); _ = ExifDate.isoLocalTime(text); _ = CaptureTime.gapSeconds(text, text)
        _ = XMPDate.iso(text).map(CaptureTimeChoice.isUsable); _ = CaptureTimeChoice.best(of: [DateCandidate(.xmpCreateDate, text)])
        _ = XMPCoordinate.degrees(text, allowed: "NS", limit: 90); _ = XMPCoordinate.rational(text)
        _ = TakeoutJSON.names(forMediaNamed: text); _ = TakeoutJSON.mediaName(forJSONNamed: text)
        _ = TakeoutJSON.contents(of: Data(bytes))
    }

    /// A TIFF's EXIF structure, copied: copying the copy must give it back.
    private static func tiff(_ body: UnsafeRawBufferPointer) {
        _ = TIFFFirstDirectory(body)
        _ = DriveModeMakerNote.continuousDrive(inEXIF: body)
        guard let block = TIFFExifBlock.extract(from: body) else { return }
        let again = block.dropFirst(6).withUnsafeBytes { TIFFExifBlock.extract(from: $0) }
        precondition(again == block, "TIFFExifBlock: copying its own block changed it")
    }

    /// The BMP headers, and what Shoebox reads of the pixels itself: bit fields, repairs.
    private static func bitmap(_ bytes: [UInt8]) {
        guard let header = BMPHeader(bytes), header.width <= 4096, header.height <= 4096 else { return }
        bytes.withUnsafeBytes { raw in
            _ = BMPRepairs.warning(raw, header: header)
            if let channels = try? BMPBitFields.channels(raw, header: header) {
                _ = try? BMPBitFields.decode(raw, header: header, channels: channels)
            }
        }
    }
}
