/// Turns decoded pixels upright, applying EXIF orientation 1-8, mirrored ones included.
///
/// HEIC and AVIF are the exception: their container's own transforms (`irot`, `imir`) are
/// authoritative and libheif has already applied them while decoding, so the EXIF tag is
/// recorded but never applied a second time (the classic double-rotation bug).
public struct OrientStage: PipelineStage {
    public let name = "orient"

    public init() {}

    public static func orientationToApply(format: MediaFormat, exifOrientation: Int) -> Orientation {
        switch format {
        case .heic, .avif: return .up
        default: return Orientation(rawValue: exifOrientation) ?? .up
        }
    }

    public func process(_ input: DecodedImage) throws -> PipelineItem<OrientedImage> {
        let (mirror, quarterTurns) = input.orientation.mirrorThenClockwiseQuarterTurns
        do {
            var image = input.image
            if mirror { image = try image.mirrored() }
            image = try image.rotated([.none, .quarter, .half, .threeQuarters][quarterTurns])
            return .work(OrientedImage(draft: input.draft, image: image, animation: input.animation))
        } catch {
            throw IngestError(.damaged, path: input.draft.file.path, reason: "cannot orient: \(error)")
        }
    }
}
