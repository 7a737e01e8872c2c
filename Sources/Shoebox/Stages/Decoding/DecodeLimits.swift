import Foundation

/// The checks and sizes every decoder shares.
enum DecodeLimits {
    /// Refuses a pixel size of zero, or above the pipeline's limit, before any pixel is decoded.
    static func check(_ size: PixelSize, limit: Int, path: String) throws {
        guard size.width > 0, size.height > 0 else {
            throw IngestError(.damaged, path: path, reason: "the header gives no pixel size (\(size))")
        }
        let pixels = size.width.multipliedReportingOverflow(by: size.height)
        if pixels.overflow || pixels.partialValue > limit {
            throw IngestError(.tooLarge, path: path, reason: "\(size) is over the pipeline's limit of \(limit) pixels")
        }
    }

    /// Refuses an image libvips would have to decode whole (an interlaced PNG, a progressive or
    /// multi-scan JPEG, any JPEG XL: libvips 8.14's jxlload has libjxl decode into one buffer)
    /// when that takes more memory than the pipeline allows one decode, from its header and
    /// structure, before any pixel is decoded. What such a decode holds at once is the whole
    /// image (or its DCT coefficients) and the file's bytes, read whole before it.
    /// `bytesPerPixel`: what the header says the loader delivers (a JPEG XL's).
    static func checkWholeDecode(_ bytes: SourceBytes, format: MediaFormat, size: PixelSize, bytesPerPixel: Int,
                                 limit: Int64, path: String) throws {
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        let whole: Int?, what: String
        switch format {
        case .png:
            whole = PNGStructure.wholeDecodeBytes(raw)
            what = "an interlaced (Adam7) PNG is decoded whole: its \(size) pixels"
        case .jpeg:
            whole = JPEGStructure.wholeDecodeBytes(raw)
            what = "a progressive JPEG is decoded whole: the DCT coefficients of its \(size) pixels"
        case .jxl:
            let pixels = size.width.multipliedReportingOverflow(by: size.height)
            let total = pixels.partialValue.multipliedReportingOverflow(by: bytesPerPixel)
            whole = pixels.overflow || total.overflow ? .max : total.partialValue
            what = "a JPEG XL is decoded whole: its \(size) pixels"
        default:
            return
        }
        guard let whole else { return }
        let needed = Int64(clamping: whole).addingReportingOverflow(Int64(bytes.count))
        guard needed.overflow || needed.partialValue > limit else { return }
        throw IngestError(.tooLarge, path: path, reason: "\(what) and the file's \(megabytes(Int64(bytes.count))) need "
                          + "\(needed.overflow ? "more than \(megabytes(.max))" : megabytes(needed.partialValue)) at once; "
                          + "the pipeline's limits.decodeMemoryBytes allows \(megabytes(limit))")
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// The box, in stored orientation, that holds the largest thumbnail of an image displayed
    /// at `displayed`: what the decoder shrinks to, once, for every thumbnail.
    static func decodeBox(displayed: PixelSize, orientation: Orientation, configuration: PipelineConfiguration) -> PixelSize {
        let targets = configuration.thumbnails.map {
            ThumbnailSizing.targetSize(for: displayed, spec: $0, aspectRule: configuration.aspectRule)
        }
        let largest = targets.max { $0.width < $1.width } ?? displayed
        return orientation.swapsDimensions ? largest.transposed : largest
    }

    /// A file's modification time as the capture time of last resort.
    static func isoTime(nanoseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(nanoseconds / 1_000_000_000)).formatted(.iso8601)
    }
}
