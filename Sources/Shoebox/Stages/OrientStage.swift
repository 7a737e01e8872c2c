/// Turns decoded pixels upright, applying EXIF orientation 1-8, mirrored ones included.
///
/// HEIC and AVIF differ: their container's own transforms (`irot`, `imir`), when the primary
/// image has any, are authoritative and libheif has already applied them while decoding, so
/// the EXIF tag is recorded but never applied a second time (the classic double-rotation
/// bug). When the container has none, the EXIF tag is applied as for a JPEG (third-party
/// camera apps write only EXIF, and Apple's viewers follow it), unless the EXIF block says it
/// was written for pixels the other way round: a tag that turns by a quarter (5-8) whose
/// PixelXDimension x PixelYDimension is landscape over portrait stored pixels, or the reverse,
/// was applied already (a converter turned the pixels and kept the camera's EXIF), and is not
/// applied again: the HEIF and MIAF rule (EXIF transforms are ignored, as libheif and libvips
/// ignore them) for exactly the files where the EXIF itself shows it is stale. A JPEG XL
/// codestream always carries its orientation, which libjxl applies and which the format says
/// wins over EXIF: its EXIF tag is never applied.
public struct OrientStage: PipelineStage {
    public let name = IngestStage.orient.rawValue

    public init() {}

    /// What is left to turn after decoding. `containerTransforms`: a HEIC or AVIF whose primary
    /// image carries `irot` or `imir` (or whose container could not be read far enough to
    /// tell); `exifPixelSize`, the size the EXIF block was written for, against `storedSize`;
    /// both ignored for other formats.
    public static func orientationToApply(format: MediaFormat, exifOrientation: Int, containerTransforms: Bool,
                                          exifPixelSize: PixelSize? = nil, storedSize: PixelSize? = nil) -> Orientation {
        let heif = format == .heic || format == .avif
        if heif && containerTransforms || format == .jxl { return .up }
        let orientation = Orientation(rawValue: exifOrientation) ?? .up
        if heif, orientation.swapsDimensions, let exif = exifPixelSize, let stored = storedSize,
           exif.isLandscape && stored.isPortrait || exif.isPortrait && stored.isLandscape {
            return .up   // the pixels were turned already
        }
        return orientation
    }

    public func process(_ input: DecodedImage) throws -> PipelineItem<OrientedImage> {
        let (mirror, quarterTurns) = input.orientation.mirrorThenClockwiseQuarterTurns
        do {
            var image = input.image
            if mirror { image = try image.mirrored() }
            image = try image.rotated([.none, .quarter, .half, .threeQuarters][quarterTurns])
            return .work(OrientedImage(draft: input.draft, image: image, animation: input.animation, inFlight: input.inFlight))
        } catch {
            throw IngestError(.damaged, path: input.draft.file.path, reason: "cannot orient: \(error)", causedBy: error)
        }
    }
}
