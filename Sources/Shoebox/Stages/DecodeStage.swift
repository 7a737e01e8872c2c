import Foundation

/// Reads the header, refuses bombs, reads EXIF, then decodes once with shrink-on-load.
///
/// The pixel size comes from the header and is checked against the pipeline's limit before
/// a single pixel is decoded. The decode shrinks on load to the largest thumbnail this image
/// needs (a 12 MP JPEG is never fully decoded for a 256 px thumbnail), and that one decoded
/// image feeds every thumbnail size.
public struct DecodeStage: PipelineStage {
    public let name = "decode"
    let configuration: PipelineConfiguration

    public func process(_ input: SourceData) throws -> PipelineItem<DecodedImage> {
        var draft = input.draft
        let path = draft.file.path
        let header: VipsImage
        do { header = try VipsImage.header(of: input.bytes, format: draft.format) } catch {
            throw IngestError(.damaged, path: path, reason: "cannot read the \(draft.format.rawValue) header: \(error)")
        }
        draft.storedSize = PixelSize(width: header.width, height: header.height)
        try checkPixelLimit(draft.storedSize, path: path)
        if configuration.limits.failOnTruncation && draft.format == .jpeg
            && JPEGStructure.isTruncated(UnsafeRawBufferPointer(input.bytes.buffer)) {
            throw IngestError(.damaged, path: path, reason: "truncated: the JPEG data ends before its end-of-image marker")
        }

        draft.metadata = header.exifData.map(ExifReader.metadata(fromEXIF:)) ?? PhotoMetadata()
        if draft.metadata.takenAt == nil {
            draft.metadata.takenAt = Self.isoTime(nanoseconds: draft.file.status.modifiedNanoseconds)
            draft.metadata.takenAtSource = .fileModificationTime
        }
        let orientation = OrientStage.orientationToApply(format: draft.format, exifOrientation: header.orientationTag)
        draft.displayedSize = orientation.displayedSize(ofStored: draft.storedSize)

        let box = decodeBox(displayed: draft.displayedSize, orientation: orientation)
        do {
            let image = try VipsImage.decodeShrunk(input.bytes, fitting: box.width, box.height,
                                                   convertToSRGB: header.hasICCProfile,
                                                   failOnTruncation: configuration.limits.failOnTruncation)
            return .work(DecodedImage(draft: draft, image: image, orientation: orientation))
        } catch {
            throw IngestError(.damaged, path: path, reason: "cannot decode: \(error)")
        }
    }

    private func checkPixelLimit(_ size: PixelSize, path: String) throws {
        guard size.width > 0, size.height > 0 else {
            throw IngestError(.damaged, path: path, reason: "the header gives no pixel size (\(size))")
        }
        let pixels = size.width.multipliedReportingOverflow(by: size.height)
        if pixels.overflow || pixels.partialValue > configuration.limits.maxPixels {
            throw IngestError(.tooLarge, path: path,
                              reason: "\(size) is over the pipeline's limit of \(configuration.limits.maxPixels) pixels")
        }
    }

    /// The box, in stored orientation, that holds the largest thumbnail of this image.
    private func decodeBox(displayed: PixelSize, orientation: Orientation) -> PixelSize {
        let targets = configuration.thumbnails.map {
            ThumbnailSizing.targetSize(for: displayed, spec: $0, aspectRule: configuration.aspectRule)
        }
        let largest = targets.max { $0.width < $1.width } ?? displayed
        return orientation.swapsDimensions ? largest.transposed : largest
    }

    static func isoTime(nanoseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(nanoseconds / 1_000_000_000))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
