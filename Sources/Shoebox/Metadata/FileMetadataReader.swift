import Foundation

/// Reads a file's metadata the way the ingest's decoders do (`StillImageMetadata` on the
/// header libvips opens, `VideoFile` for videos, the same capture-time choice), and stops
/// there: no pixel is decoded, nothing is written. For `shoebox metadata` and for measuring
/// metadata extraction on its own.
///
/// A JPEG's and a HEIF's header are read by `JPEGHeader` and `HEIFHeader`, which give what
/// libvips would; libvips is started only for a still that needs it, with only the module
/// that still's format needs (`Vips.start(for:)`): a run over JPEGs, HEICs and videos never
/// pays for libvips's start-up, and one over PNGs never maps libheif or libjxl.
public enum FileMetadataReader {

    public static func read(path: String, maxBytes: Int64 = 1 << 30) throws -> FileMetadata {
        let head: [UInt8]
        do { head = try SourceFile.head(path, count: FormatSniffer.headerLength) } catch let MediaError.unreadable(_, reason) {
            throw MetadataReadError(path: path, reason: "cannot be read: \(reason)")
        }
        guard let format = FormatSniffer.format(of: head) else { throw MetadataReadError(path: path, reason: "not a supported image or video format (by content)") }
        return format.isVideo ? try video(path, format: format) : try still(path, format: format, maxBytes: maxBytes)
    }

    private static func still(_ path: String, format sniffed: MediaFormat, maxBytes: Int64) throws -> FileMetadata {
        do {
            let (bytes, status) = try contents(of: path, format: sniffed, maxBytes: maxBytes)
            var format = FormatSniffer.format(ofFile: UnsafeRawBufferPointer(bytes.buffer)) ?? sniffed
            if format.isRaw {
                do { return try raw(bytes, status: status, path: path, format: format) } catch where format.isRawByMake {
                    format = .tiff   // a TIFF naming a RAW maker that LibRaw does not take: the TIFF it also is
                }
            }
            if format == .bmp { return try bitmap(bytes, status: status, path: path) }
            let header = try self.header(of: bytes, format: format, path: path)
            let found = StillImageMetadata.read(bytes, header: header, format: format, modifiedNanoseconds: status.modifiedNanoseconds,
                                                sidecar: SidecarMetadata.read(beside: path))
            return FileMetadata(path: path, format: format, storedSize: PixelSize(width: header.width, height: header.height),
                                metadata: found.metadata)
        } catch let refused as IngestError {
            throw MetadataReadError(path: path, reason: "\(refused.errorClass.rawValue): \(refused.reason)")
        } catch {
            throw MetadataReadError(path: path, reason: "\(error)")
        }
    }

    /// A JPEG's or HEIF's header from its segments or boxes when `JPEGHeader` or `HEIFHeader`
    /// reads them, libvips's otherwise: a PNG's only when its text, which libvips inflates
    /// whole, stays within the default decode budget (as in an ingest).
    private static func header(of bytes: SourceBytes, format: MediaFormat, path: String) throws -> any StillHeader {
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        if format == .jpeg, let own = JPEGHeader(raw) { return own }
        if format == .heic || format == .avif, let own = HEIFHeader(raw) { return own }
        if format == .png {   // before libvips opens the header, which inflates the text
            let limit = PipelineConfiguration.Limits.defaultDecodeMemoryBytes
            try DecodeLimits.checkMemory(.pngText(raw, limit: Int(limit)), fileBytes: bytes.count, limit: limit, path: path)
        }
        return try VipsImage.header(of: bytes, format: format)   // starts libvips with the format's module
    }

    /// What a still's metadata needs: a JPEG's segments before its first scan (EXIF, XMP,
    /// IPTC and the header all sit there; the megabytes of scan data after them are not read),
    /// a PNG's chunks without its pixel data, a HEIF's boxes and items without its coded
    /// pictures, a TIFF's directories and tags without its strips or tiles, a WebP's chunks
    /// without its frames' picture data (all four left zero), a BMP's headers, any other file
    /// whole, within the decode budget. A JPEG's segments are looked for in
    /// its first 64 KB, then its first 512 KB; one whose first scan starts later is read whole.
    private static func contents(of path: String, format: MediaFormat, maxBytes: Int64) throws -> (SourceBytes, SourceFile.Status) {
        if format == .jpeg, let status = SourceFile.status(ofPath: path) {
            for count in jpegPrefixBytes where status.size > count {
                let (prefix, _) = try SourceFile.prefix(path, count: count)
                if let scan = JPEGStructure.firstScanOffset(UnsafeRawBufferPointer(prefix.buffer)),
                   scan < prefix.count || count == jpegPrefixBytes.last {
                    return (prefix, status)
                }
            }
        }
        if format == .png { return try SourceFile.read(path, maxBytes: maxBytes, leavingOut: PNGStructure.pixelData) }
        if format == .heic || format == .avif { return try SourceFile.read(path, maxBytes: maxBytes, leavingOut: HEIFPictureData.ranges) }
        if format == .tiff { return try SourceFile.read(path, maxBytes: maxBytes, leavingOut: TIFFPixelData.ranges) }
        if format == .webp { return try SourceFile.read(path, maxBytes: maxBytes, leavingOut: WebPFrameData.ranges) }
        if format == .bmp { return try SourceFile.prefix(path, count: 4096) }   // its headers: 138 bytes at most
        return try wholeFile(path, maxBytes: maxBytes)
    }

    /// A file whose structure names no part to leave out (a GIF, a JPEG XL, a RAW), read whole
    /// only when its bytes fit the default decode budget, as an ingest counts them: `metadata`
    /// never holds more of a file than an ingest would.
    private static func wholeFile(_ path: String, maxBytes: Int64) throws -> (SourceBytes, SourceFile.Status) {
        let limit = PipelineConfiguration.Limits.defaultDecodeMemoryBytes
        if let status = SourceFile.status(ofPath: path), status.size > limit {
            throw IngestError(.tooLarge, path: path, reason: "its metadata is read from the whole file, and its \(status.size) bytes "
                              + "are more than the \(limit) bytes an ingest lets one decode hold")
        }
        return try SourceFile.read(path, maxBytes: min(maxBytes, limit))
    }

    /// The prefixes tried, shortest first: 64 KB holds the segments of most JPEGs, 512 KB those
    /// of nearly every one (a phone's EXIF, XMP, ICC and maker notes take 20-100 KB).
    static let jpegPrefixBytes = [64 * 1024, 512 * 1024]

    /// A RAW's size and data as LibRaw and its own EXIF give them (`RawImageDecoder.metadata`).
    private static func raw(_ bytes: SourceBytes, status: SourceFile.Status, path: String, format: MediaFormat) throws -> FileMetadata {
        let raw = try RawFile(bytes, maxMemoryBytes: .max)
        let stored = raw.orientation.swapsDimensions ? raw.outputSize.transposed : raw.outputSize
        return FileMetadata(path: path, format: format, storedSize: stored,
                            metadata: RawImageDecoder.metadata(of: raw, bytes: bytes, format: format, path: path,
                                                               modifiedNanoseconds: status.modifiedNanoseconds))
    }

    /// A BMP's size from its headers; it holds no metadata, so its sidecars' and its file time.
    private static func bitmap(_ bytes: SourceBytes, status: SourceFile.Status, path: String) throws -> FileMetadata {
        guard let header = BMPHeader(bytes.head) else { throw MetadataReadError(path: path, reason: "the BMP headers cannot be read") }
        var metadata = PhotoMetadata()
        SidecarMetadata.read(beside: path).settle(&metadata, fileDates: [], modifiedNanoseconds: status.modifiedNanoseconds)
        return FileMetadata(path: path, format: .bmp, storedSize: header.size, metadata: metadata)
    }

    private static func video(_ path: String, format: MediaFormat) throws -> FileMetadata {
        do {
            guard let status = SourceFile.status(ofPath: path) else { throw MetadataReadError(path: path, reason: "cannot be read") }
            let info = try VideoFile(path: path, format: format, fromHeaders: true).info
            return FileMetadata(path: path, format: format,
                                storedSize: PixelSize(width: info.squarePixelWidth, height: info.storedSize.height),
                                metadata: VideoPosterDecoder.metadata(of: info, path: path, modifiedNanoseconds: status.modifiedNanoseconds).0)
        } catch let failure as MetadataReadError {
            throw failure
        } catch {
            throw MetadataReadError(path: path, reason: "\(error)")
        }
    }
}
