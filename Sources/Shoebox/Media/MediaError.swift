/// What went wrong inside a C media library, with the library's own message.
public enum MediaError: Error, CustomStringConvertible, Equatable {
    /// A libvips operation failed; `message` is libvips's error buffer for this call.
    case vips(operation: String, message: String)
    /// An FFmpeg call failed; `message` is FFmpeg's description of its error code.
    case ffmpeg(operation: String, message: String)
    /// A LibRaw call failed; `message` is LibRaw's description of its error code.
    case libraw(operation: String, code: Int32, message: String)
    /// The file could not be opened or read as a regular file.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .vips(operation, message): return "\(operation): \(message)"
        case let .ffmpeg(operation, message): return "ffmpeg \(operation): \(message)"
        case let .libraw(operation, _, message): return "LibRaw \(operation): \(message)"
        case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
        }
    }
}
