/// Slow motion and time-lapse, from a video's frame rate and the rate a phone says it
/// captured at (Android writes `com.android.capture.fps`; Apple's slow motion plays at its
/// high rate, so its frame rate alone says so).
public struct FrameRateEvidence: Equatable, Sendable {
    public var frameRate: Double?
    public var captureFrameRate: Double?

    public init(frameRate: Double?, captureFrameRate: Double?) {
        (self.frameRate, self.captureFrameRate) = (frameRate, captureFrameRate)
    }

    /// 100 frames a second or more, captured or played.
    public static let slowMotionRate = 100.0

    public var isSlowMotion: Bool {
        (frameRate ?? 0) >= Self.slowMotionRate || (captureFrameRate ?? 0) >= Self.slowMotionRate
    }

    /// Captured at less than half the rate it plays at (a frame a second played at 30).
    public var isTimeLapse: Bool {
        guard let capture = captureFrameRate, let play = frameRate, capture > 0, play > 0 else { return false }
        return capture < play / 2
    }
}
