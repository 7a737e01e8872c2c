/// What work inside a stage is put down to, for `profile`: each decoding library Shoebox
/// calls, and the parts of Shoebox's own that do real work (its resampler, its metadata
/// parsers). Time no part claimed is Shoebox's own code around them (and waits).
public enum TimedLibrary: Int, CaseIterable, Sendable {
    /// libvips: its loaders (libjpeg-turbo, libpng, libwebp, libheif... inside it), its
    /// operations, its savers; lazy, so the work lands where pixels are asked for.
    case libvips
    /// libjpeg-turbo called directly (shrink-on-load JPEG decodes).
    case libjpeg
    case libde265
    case dav1d
    /// FFmpeg: video posters, HEVC through libavcodec.
    case ffmpeg
    case libraw
    case giflib
    case libexif
    case lcms2
    /// Shoebox's own Lanczos-3 resampler.
    case resampler
    /// Shoebox's own parsers: containers, EXIF text and dates, XMP, IPTC.
    case metadata

    /// As the report names it.
    public var name: String {
        switch self {
        case .libjpeg: return "libjpeg-turbo"
        default: return "\(self)"
        }
    }
}
