/// What went wrong inside a C media library, with the library's own message.
public enum MediaError: Error, CustomStringConvertible, Equatable {
    /// A libvips operation failed; `message` is libvips's error buffer for this call.
    case vips(operation: String, message: String)
    /// An FFmpeg call failed; `message` is FFmpeg's description of its error code.
    case ffmpeg(operation: String, message: String)
    /// FFmpeg reads the container but has no decoder for the stream's codec (its name, or the
    /// container's four-character code when FFmpeg knows no codec by it): a valid file this
    /// build cannot decode.
    case noDecoder(codec: String)
    /// A LibRaw call failed; `message` is LibRaw's description of its error code.
    case libraw(operation: String, code: Int32, message: String)
    /// The file could not be opened or read as a regular file.
    case unreadable(path: String, reason: String)
    /// A C library loaded on first use (FFmpeg, `FFmpegLibraries`) could not be loaded:
    /// `library` is the SONAME asked for (`libavformat.so.59`), `reason` the dynamic linker's
    /// message. Every file that needs it fails the same way; the others are unaffected.
    case libraryUnavailable(library: String, reason: String)

    public var description: String {
        switch self {
        case let .vips(operation, message): return "\(operation): \(message)"
        case let .ffmpeg(operation, message): return "ffmpeg \(operation): \(message)"
        case let .noDecoder(codec): return "FFmpeg has no decoder for the video codec \(codec)"
        case let .libraw(operation, _, message): return "LibRaw \(operation): \(message)"
        case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
        case let .libraryUnavailable(library, reason): return "cannot load \(library): \(reason)"
        }
    }
}
