import CFFmpegLoader

/// FFmpeg, loaded when a file first needs it rather than when the process starts.
///
/// The executable does not link FFmpeg (see `CFFmpegLoader`): mapping it and its dependencies
/// would cost every command tens of milliseconds, and only videos, BMP files and HEICs
/// (`FFmpegHEVCDecoder`) use it. Code that is about to call FFmpeg calls `load()` (or, for a
/// codec alone, `loadCodecs()`) first, so that a missing library becomes this file's error
/// instead of ending the process.
package enum FFmpegLibraries {
    /// Loads FFmpeg (once per process; thread-safe and cheap after the first call). Throws
    /// `MediaError.libraryUnavailable` naming the library's SONAME when it cannot be loaded.
    static func load() throws {
        try loaded(sb_ffmpeg_load)
    }

    /// Loads libavutil and libavcodec only, as `load()` does: a still image's decode (HEIC's
    /// HEVC) needs no more, and leaving libavformat, libswscale and their dependencies unmapped
    /// keeps about 9 MB out of a photo-only run's memory (issue 14's peak RSS target).
    static func loadCodecs() throws {
        try loaded(sb_ffmpeg_load_codecs)
    }

    private static func loaded(_ load: (UnsafeMutablePointer<UnsafePointer<CChar>?>,
                                        UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Int32) throws {
        var library: UnsafePointer<CChar>?
        var reason: UnsafePointer<CChar>?
        guard load(&library, &reason) != 0 else { return }
        throw MediaError.libraryUnavailable(library: library.map { String(cString: $0) } ?? "FFmpeg",
                                            reason: reason.map { String(cString: $0) } ?? "unknown")
    }
}
