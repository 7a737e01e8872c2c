/// How videos are turned into thumbnails.
public struct VideoSettings: Codable, Equatable, Sendable {
    /// The poster frame is the first frame at this fraction of the duration (from the keyframe
    /// before it): 0.1 skips the black or blurred first frames phones often start with.
    public var posterAt: Double

    public static let standard = VideoSettings(posterAt: 0.1)
}
