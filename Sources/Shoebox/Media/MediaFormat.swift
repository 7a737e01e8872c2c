/// A container format, recognised by its leading bytes, never by the file name.
public enum MediaFormat: String, Codable, Sendable, CaseIterable {
    case jpeg, png, gif, webp, tiff, heic, avif
    /// JPEG XL: a bare codestream or an ISO-BMFF container.
    case jxl
    /// Windows and OS/2 bitmaps, decoded by FFmpeg's BMP decoder (libvips has no trusted loader).
    case bmp
    /// ISO base media and QuickTime video (MP4, MOV, M4V, 3GP).
    case mp4
    /// Matroska and WebM.
    case matroska
    case avi

    /// Decoded by libvips (GIF too: its first frame).
    public var isStillImage: Bool { !isVideo }

    /// Decoded by FFmpeg.
    public var isVideo: Bool { self == .mp4 || self == .matroska || self == .avi }
}
