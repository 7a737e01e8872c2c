/// EXIF content that classifies a photo rather than describing it.
public struct ExifExtras: Equatable, Sendable {
    public var appleMakerNote: AppleMakerNote?
    /// The EXIF UserComment text (phones write "Screenshot" there).
    public var userComment: String?

    public init() {}
}
