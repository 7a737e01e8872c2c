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

    /// Refuses a file whose decode would hold more than the pipeline allows one decode
    /// (`needed`, estimated from its header by `DecodeMemory`, plus the file's own bytes, read
    /// whole before decoding), before any pixel is decoded. nil `needed`: a decode that keeps
    /// only a few rows, which is not counted.
    static func checkMemory(_ needed: DecodeMemory?, fileBytes: Int, limit: Int64, path: String) throws {
        guard let needed else { return }
        let total = Int64(clamping: needed.bytes).addingReportingOverflow(Int64(fileBytes))
        guard total.overflow || total.partialValue > limit else { return }
        throw IngestError(.tooLarge, path: path, reason: "\(needed.what) and the file's \(megabytes(Int64(fileBytes))) need "
                          + "\(total.overflow ? "more than \(megabytes(.max))" : megabytes(total.partialValue)) at once; "
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
}
