import ShoeboxMedia

/// How videos are turned into thumbnails.
public struct VideoSettings: Codable, Equatable, Sendable {
    /// The poster is taken at this fraction of the duration: 0.1 passes the black or blurred
    /// first frames phones often start with.
    public var posterAt: Double
    /// Which frame there (default `PosterFrameChoice.keyframe`: the keyframe at or before the
    /// time, one frame decoded, unless it is black).
    public var posterFrame: PosterFrameChoice?

    public var posterChoice: PosterFrameChoice { posterFrame ?? .keyframe }

    public init(posterAt: Double, posterFrame: PosterFrameChoice? = nil) {
        self.posterAt = posterAt
        self.posterFrame = posterFrame
    }

    public static let standard = VideoSettings(posterAt: 0.1)
}
