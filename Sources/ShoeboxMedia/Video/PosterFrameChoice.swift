/// Which frame near the poster time becomes a video's poster.
public enum PosterFrameChoice: String, Codable, CaseIterable, Sendable {
    /// The keyframe at or before the time, decoded from its packet alone (one frame, as
    /// ffmpegthumbnailer and the desktop thumbnailers take it); when that frame is black
    /// (`BlackFrame`), the exact frame at the time instead.
    case keyframe
    /// The first frame shown at or after the time, decoded from the keyframe before it: the
    /// frame `ffmpeg -ss` gives, at the cost of the reference frames in between.
    case exact
}
