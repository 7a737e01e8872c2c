/// What a still's bytes say about the video of a motion photo.
public enum MotionPhotoFinding: Equatable, Sendable {
    /// A whole MP4 at this range: the still is a `livePhoto`.
    case video(EmbeddedVideo)
    /// The still says it holds a video, or starts one, that the file does not hold whole (a
    /// copy cut short): it is a `photo`, and the reason is its warning. A partial video is
    /// never believed, whatever FFmpeg could still play of it.
    case cutShort(reason: String)
}
