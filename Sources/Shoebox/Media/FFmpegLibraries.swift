import CFFmpegLoader

/// FFmpeg, loaded when a file first needs it rather than when the process starts.
///
/// The executable does not link FFmpeg (see `CFFmpegLoader`): mapping it and its dependencies
/// would cost every command tens of milliseconds, and only videos, BMP files and HEICs
/// (`FFmpegHEVCDecoder`) use it. Code that is about to call FFmpeg calls `load()` first, so
/// that a missing library becomes this file's error instead of ending the process.
enum FFmpegLibraries {
    /// Loads FFmpeg (once per process; thread-safe and cheap after the first call). Throws
    /// `MediaError.libraryUnavailable` naming the library's SONAME when it cannot be loaded.
    static func load() throws {
        var library: UnsafePointer<CChar>?
        var reason: UnsafePointer<CChar>?
        guard sb_ffmpeg_load(&library, &reason) != 0 else { return }
        throw MediaError.libraryUnavailable(library: library.map { String(cString: $0) } ?? "FFmpeg",
                                            reason: reason.map { String(cString: $0) } ?? "unknown")
    }
}
