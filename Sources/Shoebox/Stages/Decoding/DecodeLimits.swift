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
