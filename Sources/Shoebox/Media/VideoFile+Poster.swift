import CFFmpeg

extension VideoFile {
    /// How many frames past the seek point are decoded at most looking for the target time.
    static let maxFramesAfterSeek = 90

    /// Decodes one frame near `fraction` of the duration (the keyframe before it, then forward
    /// to the target), scaled to fit `box` in the stored orientation, as an RGB image. The
    /// display rotation is not applied: the orient stage does that, as for photos.
    public func posterFrame(at fraction: Double, fitting box: PixelSize) throws -> VipsImage {
        guard let context, let stream = context.pointee.streams[Int(streamIndex)] else {
            throw MediaError.ffmpeg(operation: "poster", message: "closed")
        }
        let decoder = try FrameDecoder(stream: stream)
        let target = targetTimestamp(stream, fraction: fraction)
        if let target { _ = av_seek_frame(context, streamIndex, target, AVSEEK_FLAG_BACKWARD) }
        let frame = try decoder.frame(from: context, stream: streamIndex, atOrAfter: target, limit: Self.maxFramesAfterSeek)
        defer { var pointer: UnsafeMutablePointer<AVFrame>? = frame; av_frame_free(&pointer) }
        return try rgbImage(frame, fitting: box)
    }

    private func targetTimestamp(_ stream: UnsafeMutablePointer<AVStream>, fraction: Double) -> Int64? {
        let base = stream.pointee.time_base
        guard let duration = info.durationSeconds, duration > 0, base.num > 0, base.den > 0 else { return nil }
        let start = stream.pointee.start_time == sb_av_nopts() ? 0 : stream.pointee.start_time
        return start + Int64(duration * fraction * Double(base.den) / Double(base.num))
    }

    private func rgbImage(_ frame: UnsafeMutablePointer<AVFrame>, fitting box: PixelSize) throws -> VipsImage {
        let source = PixelSize(width: info.squarePixelWidth, height: Int(frame.pointee.height))
        let scale = min(1, Double(box.width) / Double(source.width), Double(box.height) / Double(source.height))
        let width = max(1, Int((Double(source.width) * scale).rounded()))
        let height = max(1, Int((Double(source.height) * scale).rounded()))
        let stride = width * 3
        let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 32)
        defer { pixels.deallocate() }
        let rc = sb_av_frame_to_rgb(frame, Int32(width), Int32(height),
                                    pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(stride))
        guard rc >= 0 else { throw MediaError.ffmpeg(operation: "convert frame", message: Self.message(rc)) }
        return try VipsImage.fromRGB(UnsafeRawBufferPointer(pixels), width: width, height: height)
    }
}

/// A decoder for one video stream, single-threaded (Shoebox parallelises across files).
private final class FrameDecoder {
    private var codec: UnsafeMutablePointer<AVCodecContext>?

    init(stream: UnsafeMutablePointer<AVStream>) throws {
        let parameters = stream.pointee.codecpar.pointee
        guard let decoder = avcodec_find_decoder(parameters.codec_id) else {
            throw MediaError.noDecoder(codec: Self.codecName(parameters))
        }
        guard let context = avcodec_alloc_context3(decoder) else {
            throw MediaError.ffmpeg(operation: "decoder", message: "out of memory")
        }
        codec = context
        var rc = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        context.pointee.thread_count = 1
        if rc >= 0 { rc = avcodec_open2(context, decoder, nil) }
        guard rc >= 0 else { throw MediaError.ffmpeg(operation: "open decoder", message: VideoFile.message(rc)) }
    }

    deinit { avcodec_free_context(&codec) }

    /// FFmpeg's name for the codec, else the container's four-character code for it.
    private static func codecName(_ parameters: AVCodecParameters) -> String {
        guard parameters.codec_id == AV_CODEC_ID_NONE else { return String(cString: avcodec_get_name(parameters.codec_id)) }
        let tag = parameters.codec_tag
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }
        return PathText.encode(bytes, escapingControlCharacters: true)
    }

    /// The first decoded frame at or after `target` (or the last one decoded within `limit`
    /// frames, or at the end of the stream). The caller frees it.
    func frame(from format: UnsafeMutablePointer<AVFormatContext>, stream: Int32, atOrAfter target: Int64?,
               limit: Int) throws -> UnsafeMutablePointer<AVFrame> {
        guard let codec, let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw MediaError.ffmpeg(operation: "decode", message: "out of memory")
        }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
            var scratch: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&scratch)
        }
        var best: UnsafeMutablePointer<AVFrame>?
        var decoded = 0
        var reading = true
        while true {
            if reading {
                if av_read_frame(format, packet) < 0 {
                    reading = false
                    avcodec_send_packet(codec, nil)
                } else {
                    defer { av_packet_unref(packet) }
                    if packet.pointee.stream_index != stream { continue }
                    _ = avcodec_send_packet(codec, packet)
                }
            }
            var rc = avcodec_receive_frame(codec, frame)
            while rc >= 0 {
                decoded += 1
                if best == nil { best = av_frame_alloc() }
                av_frame_unref(best)
                av_frame_move_ref(best, frame)
                let pts = best!.pointee.best_effort_timestamp
                if target == nil || (pts != sb_av_nopts() && pts >= target!) || decoded >= limit { return best! }
                rc = avcodec_receive_frame(codec, frame)
            }
            if rc == sb_averror_eof() || (!reading && rc != sb_averror_again()) { break }
        }
        guard let best else { throw MediaError.ffmpeg(operation: "decode", message: "no frame could be decoded") }
        return best
    }
}
