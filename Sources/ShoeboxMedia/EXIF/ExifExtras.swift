/// EXIF content that classifies a photo rather than describing it.
public struct ExifExtras: Equatable, Sendable {
    public var appleMakerNote: AppleMakerNote?
    /// The camera's maker note says it took the photo in continuous drive.
    public var continuousDrive: ContinuousDrive?
    /// The EXIF UserComment text (phones write "Screenshot" there).
    public var userComment: String?
    /// PixelXDimension x PixelYDimension (Exif IFD 0xA002, 0xA003): the size of the pixels the
    /// block was written for, each side 1 to 1,048,576 (else nil). For a HEIF it tells whether
    /// its EXIF orientation was already applied to the stored pixels (`OrientStage`).
    public var pixelSize: PixelSize?

    public init() {}
}
