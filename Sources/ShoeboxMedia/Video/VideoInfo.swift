/// What a video container says about its main video stream.
public struct VideoInfo: Equatable, Sendable {
    /// FFmpeg's demuxer name (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `avi`).
    public var container: String
    /// The codec's short name (`h264`, `hevc`, `vp9`...).
    public var codec: String
    /// The coded frame size, before the display matrix and the pixel aspect ratio.
    public var storedSize: PixelSize
    /// The clockwise rotation (0, 90, 180, 270) that shows the video upright.
    public var rotation: Int
    public var mirrored: Bool
    /// Square-pixel width of the stored frame (differs from `storedSize.width` for anamorphic video).
    public var squarePixelWidth: Int
    public var durationSeconds: Double?
    public var frameRate: Double?
    /// Every capture time the container holds, normalised to ISO 8601 (not yet checked against
    /// the calendar: `CaptureTimeChoice` does that).
    public var dates: [DateCandidate]
    public var location: GPSLocation?
    /// The camera: Apple's `com.apple.quicktime.make`/`.model` keys, else the user-data
    /// `©mak`/`©mod` atoms Android phones write (FFmpeg's `make`/`model`).
    public var make: String?
    public var model: String?
    /// Apple's `com.apple.quicktime.content.identifier`: the Live Photo pairing key.
    public var contentIdentifier: String?
    /// Android's `com.android.capture.fps`: the rate the camera captured at, when it says;
    /// only a finite rate above 0 and at most 100,000 a second is kept.
    public var captureFrameRate: Double?
    /// The transfer characteristic is PQ (SMPTE 2084) or HLG: an HDR video.
    public var isHDR: Bool
}
