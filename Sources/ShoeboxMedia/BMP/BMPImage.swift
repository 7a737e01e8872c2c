import CFFmpeg

/// Decodes a BMP with FFmpeg's BMP decoder (1/2/4/8-bit palettes, 16/24/32-bit, RLE4/RLE8,
/// bit fields, top-down and bottom-up rows): libvips has no trusted BMP loader, and FFmpeg is
/// there already for videos and fuzzed upstream.
package enum BMPImage {
    /// The file's pixels fitted into `box` (aspect kept, never upscaled), as 8-bit sRGB; any
    /// alpha is dropped. The caller has checked the header's pixel size against its limits:
    /// FFmpeg allocates the whole image.
    package static func decode(_ bytes: SourceBytes, fitting box: PixelSize) throws -> VipsImage {
        guard bytes.count <= Int(Int32.max), let base = bytes.buffer.baseAddress else {
            throw MediaError.ffmpeg(operation: "decode bmp", message: "the file is empty or over 2 GB")
        }
        try FFmpegLibraries.load()
        var decoded: UnsafeMutablePointer<AVFrame>?
        let rc = sb_av_decode_image(base, Int32(bytes.count), AV_CODEC_ID_BMP, &decoded)
        guard rc >= 0, let frame = decoded else {
            throw MediaError.ffmpeg(operation: "decode bmp", message: VideoFile.message(rc))
        }
        defer { av_frame_free(&decoded) }
        let stored = PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        let fit = stored.fitted(in: box)
        let stride = fit.width * 3
        let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * fit.height, alignment: 32)
        defer { pixels.deallocate() }
        let converted = sb_av_frame_to_rgb(frame, Int32(fit.width), Int32(fit.height),
                                           pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(stride))
        guard converted >= 0 else {
            throw MediaError.ffmpeg(operation: "convert bmp", message: VideoFile.message(converted))
        }
        return try VipsImage.fromRGB(UnsafeRawBufferPointer(pixels), width: fit.width, height: fit.height)
    }
}
