import Foundation

/// Everything a still image says about itself, read in one place: EXIF (the block libvips
/// found, or a TIFF file's own IFDs), XMP, IPTC, what its sidecars override (`SidecarMetadata`),
/// and the capture time chosen among all of their dates and the file's modification time
/// (`CaptureTimeChoice`).
struct StillImageMetadata {
    /// What is catalogued; `takenAt` is the best of `dates`.
    var metadata: PhotoMetadata
    var extras: ExifExtras
    /// The file's XMP packet, also read for what classifies the image (panorama, motion photo).
    var xmp: XMPPacket?
    /// Every capture time found, what the choice was made from.
    var dates: [DateCandidate]

    /// Reads `bytes`, whose header libvips (or `JPEGHeader`) has opened, with what the file's
    /// sidecars say (`sidecar`). Never fails: what cannot be read is absent.
    static func read(_ bytes: SourceBytes, header: some StillHeader, format: MediaFormat,
                     modifiedNanoseconds: Int64, sidecar: SidecarMetadata = SidecarMetadata()) -> StillImageMetadata {
        // The parsers' time is Shoebox's own metadata work; libexif's, within it, is libexif's.
        LibraryClock.measure(.metadata) {
            parse(bytes, header: header, format: format, modifiedNanoseconds: modifiedNanoseconds, sidecar: sidecar)
        }
    }

    private static func parse(_ bytes: SourceBytes, header: some StillHeader, format: MediaFormat,
                              modifiedNanoseconds: Int64, sidecar: SidecarMetadata) -> StillImageMetadata {
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        let exif = header.exifData ?? ownExifBlock(raw, format: format)
        var (metadata, extras, exifDates) = exif.map(ExifReader.read(fromEXIF:)) ?? (PhotoMetadata(), ExifExtras(), [])
        let xmp = packet(in: raw, header: header, format: format)
        if metadata.location != nil {
            metadata.locationSource = .exifGPS
        } else if let place = xmp?.location() {
            (metadata.location, metadata.locationSource) = (place, .xmpGPS)
        }
        if let xmp { describe(from: xmp, into: &metadata) }
        if let iptc = header.iptcData { describe(fromIPTC: iptc, into: &metadata) }
        var own = exifDates + (xmp?.dates() ?? [])
        if let created = header.iptcData?.withUnsafeBytes(IPTCReader.dateCreated) {
            own.append(DateCandidate(.iptcDateCreated, created))
        }
        let dates = sidecar.settle(&metadata, fileDates: own, modifiedNanoseconds: modifiedNanoseconds)
        return StillImageMetadata(metadata: metadata, extras: extras, xmp: xmp, dates: dates)
    }

    /// The rating, title, description and keywords of the file's own XMP packet.
    private static func describe(from xmp: XMPPacket, into metadata: inout PhotoMetadata) {
        metadata.rating = xmp.rating()
        metadata.title = xmp.title()
        metadata.description = xmp.caption()
        metadata.keywords = xmp.keywords()
    }

    /// The keywords, caption and title of the file's IPTC-IIM block, where its XMP packet gave
    /// none (XMP first, as the Metadata Working Group's guidance reads both).
    private static func describe(fromIPTC iptc: Data, into metadata: inout PhotoMetadata) {
        let found = iptc.withUnsafeBytes(IPTCReader.descriptive)
        if metadata.keywords.isEmpty { metadata.keywords = found.keywords }
        metadata.description = metadata.description ?? found.caption
        metadata.title = metadata.title ?? found.title
    }

    /// The EXIF block of a format whose libvips loader does not hand it over: a TIFF file's own
    /// IFDs, a JPEG XL container's `Exif` box.
    private static func ownExifBlock(_ raw: UnsafeRawBufferPointer, format: MediaFormat) -> Data? {
        switch format {
        case .tiff: return TIFFExifBlock.extract(from: raw)
        case .jxl: return JXLContainer.exifBlock(in: raw)
        default: return nil
        }
    }

    /// The first XMP packet in the file's bytes (a JPEG's segments before its first scan, not the
    /// megabytes of entropy-coded data after them; the whole file otherwise: a GIF's application
    /// extension, a HEIF's XMP item, a WebP chunk, a PNG's iTXt, a JPEG XL `xml ` box), else the packet libvips found
    /// (it also inflates a compressed PNG iTXt).
    static func packet(in raw: UnsafeRawBufferPointer, header: some StillHeader, format: MediaFormat) -> XMPPacket? {
        let scanStart = format == .jpeg ? JPEGStructure.firstScanOffset(raw) : nil
        if let found = XMPPacket.find(in: scanStart.map { UnsafeRawBufferPointer(rebasing: raw[..<$0]) } ?? raw) {
            return found
        }
        return header.xmpData?.withUnsafeBytes { XMPPacket.find(in: $0) }
    }
}
