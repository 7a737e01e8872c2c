/// Which decoder turns a HEIC's HEVC pictures into samples for `HEIFShrinkingDecoder`.
/// libavcodec (`FFmpegHEVCDecoder`) by default: 25-30 % less CPU for the same picture;
/// libde265 (`HEVCDecoder`) when FFmpeg cannot be loaded or gives a layout the shrinker cannot
/// take, and when a test asks for it to compare the two.
package enum HEVCEngine: String, Sendable, CaseIterable {
    case libavcodec
    case libde265

    /// Decodes one picture with this engine, or with libde265 when libavcodec declines it (never
    /// after `body` has run), and returns the engine that decoded it. `libavcodec` is the image's
    /// FFmpeg decoder, kept from one tile to the next; its `skipLoopFilters` holds for libde265
    /// too. `readableAfter`: how many readable bytes follow `data` in memory (`FFmpegHEVCDecoder`).
    /// Throws what the decoder throws for damaged data and what `body` throws.
    func decode(configuration: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer, readableAfter: Int = 0,
                libavcodec decoder: FFmpegHEVCDecoder, _ body: (YCbCrPlanes) throws -> Void) throws -> HEVCEngine {
        // The decoder's time is its library's; what `body` does with the samples is the shrinker's.
        func shrink(_ planes: YCbCrPlanes) throws { try LibraryClock.measure(.resampler) { try body(planes) } }
        if self == .libavcodec,
           try LibraryClock.measure(.ffmpeg, {
               try decoder.decode(configuration: configuration, data: data, readableAfter: readableAfter, shrink)
           }) {
            return .libavcodec
        }
        try LibraryClock.measure(.libde265) {
            try HEVCDecoder.decode(configuration: configuration, data: data, skipLoopFilters: decoder.skipLoopFilters, shrink)
        }
        return .libde265
    }
}
