/// Turns decoded pixels upright, applying EXIF orientation 1-8, mirrored ones included.
///
/// HEIC and AVIF differ: their container's own transforms (`irot`, `imir`), when the primary
/// image has any, are authoritative and libheif has already applied them while decoding, so
/// the EXIF tag is recorded but never applied a second time (the classic double-rotation
/// bug). When the container has none, the EXIF tag is applied as for a JPEG: early iPhone
/// HEICs and converters that write only EXIF say their orientation nowhere else. A JPEG XL
/// codestream always carries its orientation, which libjxl applies and which the format says
/// wins over EXIF: its EXIF tag is never applied.
public struct OrientStage: PipelineStage {
    public let name = "orient"

    public init() {}

    /// What is left to turn after decoding. `containerTransforms`: a HEIC or AVIF whose primary
    /// image carries `irot` or `imir` (or whose container could not be read far enough to
    /// tell); ignored for other formats.
    public static func orientationToApply(format: MediaFormat, exifOrientation: Int,
                                          containerTransforms: Bool) -> Orientation {
        let heif = format == .heic || format == .avif
        if heif && containerTransforms || format == .jxl { return .up }
        return Orientation(rawValue: exifOrientation) ?? .up
    }

    public func process(_ input: DecodedImage) throws -> PipelineItem<OrientedImage> {
        let (mirror, quarterTurns) = input.orientation.mirrorThenClockwiseQuarterTurns
        do {
            var image = input.image
            if mirror { image = try image.mirrored() }
            image = try image.rotated([.none, .quarter, .half, .threeQuarters][quarterTurns])
            return .work(OrientedImage(draft: input.draft, image: image, animation: input.animation, inFlight: input.inFlight))
        } catch {
            throw IngestError(.damaged, path: input.draft.file.path, reason: "cannot orient: \(error)")
        }
    }
}
