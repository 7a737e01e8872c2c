/// What a GIF, a video or a Live Photo adds to an asset beyond a photo's metadata.
public struct MediaDetails: Equatable, Sendable {
    /// Videos and the video of a Live Photo or motion photo; animated GIFs.
    public var durationSeconds: Double?
    public var frameRate: Double?
    /// The rate a phone says it captured at (Android's `com.android.capture.fps`): below the
    /// playing rate for a time-lapse, above it for slow motion. Nil when it says none.
    public var captureFrameRate: Double?
    /// The video codec's short name (`h264`, `hevc`...).
    public var codec: String?
    /// GIFs: frames, and the NETSCAPE loop count (0 = forever, nil = plays once).
    public var frameCount: Int?
    public var loopCount: Int?
    /// Apple's Live Photo pairing key, from a still's maker note or a video's QuickTime metadata.
    public var contentIdentifier: String?
    /// An Android motion photo's embedded MP4, checked to start with an `ftyp` box.
    public var motionPhoto: EmbeddedVideo?
    /// A PQ or HLG video, or an Apple HDR photo.
    public var isHDR = false
    /// The burst the photo is a frame of, on its evidence (`BurstEvidence`).
    public var burst: BurstEvidence?
    /// The camera took the photo in continuous drive; the catalog makes bursts of such frames
    /// (`ContinuousDriveRuns`) when no `burst` evidence ties them.
    public var continuousDrive: ContinuousDrive?
    /// A depth map or portrait matte beside the picture (`DepthEvidence`): a Portrait.
    public var hasDepthData = false
    /// A GPano projection tag or similar says "panorama" whatever the aspect ratio.
    public var isTaggedPanorama = false
    /// The EXIF or XMP user comment says the image is a screenshot.
    public var isTaggedScreenshot = false

    public init() {}
}

/// The byte range of a video embedded in a still (Google or Samsung motion photos).
public struct EmbeddedVideo: Equatable, Sendable, Codable {
    public var offset: Int64
    public var length: Int64

    public init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }
}
