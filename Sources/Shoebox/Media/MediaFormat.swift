/// A container format, recognised by its leading bytes, never by the file name.
public enum MediaFormat: String, Codable, Sendable, CaseIterable {
    case jpeg, png, gif, webp, tiff, heic, avif
    /// ISO base media (MP4, MOV, 3GP...) that is not a still image.
    case video

    /// Whether this build decodes the format into thumbnails.
    public var isStillImage: Bool { self != .video }
}
