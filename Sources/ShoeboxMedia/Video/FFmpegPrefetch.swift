import ShoeboxModel

/// FFmpeg's libraries loaded ahead of the first file that needs them, by a caller that knows
/// the formats it will open (an ingest handed files: `RootFormats`) and has a thread to spare
/// while it does other start-up work (`VipsStartup`'s). Mapping FFmpeg and its dependencies
/// takes tens of milliseconds; loaded by the first worker to open a video, they followed the
/// library lock and the catalog's creation instead of overlapping them.
///
/// What callers may rely on: nothing is loaded when `formats` is nil (any file may come: a
/// folder) or none of them needs FFmpeg; the whole of FFmpeg for a video or a BMP, its codecs
/// alone for a HEIC or HEIF (`FFmpegHEVCDecoder`). A failure is not reported here: the worker
/// that needs the library calls `FFmpegLibraries` itself and gets the same answer, as its error.
public enum FFmpegPrefetch {
    public static func load(for formats: Set<MediaFormat>?) {
        guard let formats else { return }
        if formats.contains(where: { $0.isVideo || $0 == .bmp }) {
            try? FFmpegLibraries.load()
        } else if formats.contains(.heic) {
            try? FFmpegLibraries.loadCodecs()
        }
    }
}
