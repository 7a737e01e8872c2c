/// When a still and a video without content identifiers are one Live Photo.
///
/// Pairing on the name alone pairs different shots (Immich issue 14459), so a name match
/// also needs a short video and, where both carry a capture time, close capture times.
public struct LivePhotoRules: Codable, Equatable, Sendable {
    /// A longer video is a video of its own, whatever its name.
    public var maxVideoSeconds: Double
    /// Capture times further apart than this are different moments.
    public var maxCaptureGapSeconds: Double

    public static let standard = LivePhotoRules(maxVideoSeconds: 3.5, maxCaptureGapSeconds: 5)
}
