import CFFmpeg

/// A decoder for one video stream, single-threaded (Shoebox parallelises across files).
package final class FrameDecoder {
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
    ///
    /// Frames shown before `target` that no other frame refers to (most B-frames) are not
    /// decoded at all, as mpv drops them on a precise seek: the frame returned is the same, and a
    /// poster halfway into a group of pictures costs the reference frames before it only.
    func frame(from format: UnsafeMutablePointer<AVFormatContext>, stream: Int32, atOrAfter target: Int64?,
               limit: Int) throws -> UnsafeMutablePointer<AVFrame> {
        var best: UnsafeMutablePointer<AVFrame>?
        var decoded = 0
        do {
            try forEachFrame(from: format, stream: stream, skippingUnreferencedBefore: target) { frame in
                decoded += 1
                if best == nil { best = av_frame_alloc() }
                guard let kept = best else { throw MediaError.ffmpeg(operation: "decode", message: "out of memory") }
                av_frame_unref(kept)
                av_frame_move_ref(kept, frame)
                let pts = kept.pointee.best_effort_timestamp
                return !(target == nil || (pts != sb_av_nopts() && pts >= target!) || decoded >= limit)
            }
        } catch {
            av_frame_free(&best)
            throw error
        }
        guard let best else { throw MediaError.ffmpeg(operation: "decode", message: "no frame could be decoded") }
        return best
    }

    /// The next frame of `stream` when its packet is a keyframe, decoded from that packet alone:
    /// the decoder is drained right after it, so no later frame is decoded to release it (a
    /// decoder that holds frames back to reorder them would decode the next reference frames
    /// first). nil when the stream's next packet is not a keyframe or gives no frame. The caller
    /// frees the frame; this decoder decodes nothing more.
    func keyframe(from format: UnsafeMutablePointer<AVFormatContext>, stream: Int32) throws -> UnsafeMutablePointer<AVFrame>? {
        guard let codec, let packet = av_packet_alloc() else {
            throw MediaError.ffmpeg(operation: "decode", message: "out of memory")
        }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
        }
        var sent = false
        while !sent, av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream else { continue }
            guard packet.pointee.flags & AV_PKT_FLAG_KEY != 0, avcodec_send_packet(codec, packet) >= 0 else { return nil }
            sent = true
        }
        guard sent, avcodec_send_packet(codec, nil) >= 0 else { return nil }
        var frame = av_frame_alloc()
        guard let decoded = frame else { throw MediaError.ffmpeg(operation: "decode", message: "out of memory") }
        guard avcodec_receive_frame(codec, decoded) >= 0 else {
            av_frame_free(&frame)
            return nil
        }
        return decoded
    }

    /// Calls `body` with every decoded frame of `stream` from the current read position, in
    /// decoding order, until the stream ends or `body` returns false. The frame is only lent.
    /// `others` is lent every packet of the other streams as it is read (it may take its data).
    /// A packet shown before `skippingUnreferencedBefore` is decoded only if it is a reference
    /// frame (FFmpeg's AVDISCARD_NONREF, set packet by packet): its picture never reaches `body`.
    func forEachFrame(from format: UnsafeMutablePointer<AVFormatContext>, stream: Int32,
                      others: ((UnsafeMutablePointer<AVPacket>) throws -> Void)? = nil,
                      skippingUnreferencedBefore target: Int64? = nil,
                      _ body: (UnsafeMutablePointer<AVFrame>) throws -> Bool) throws {
        guard let codec, let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw MediaError.ffmpeg(operation: "decode", message: "out of memory")
        }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
            var scratch: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&scratch)
        }
        var reading = true
        while true {
            if reading {
                if av_read_frame(format, packet) < 0 {
                    reading = false
                    avcodec_send_packet(codec, nil)
                } else {
                    defer { av_packet_unref(packet) }
                    if packet.pointee.stream_index != stream {
                        try others?(packet)
                        continue
                    }
                    if let target {
                        let shown = packet.pointee.pts
                        codec.pointee.skip_frame = shown != sb_av_nopts() && shown < target ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
                    }
                    _ = avcodec_send_packet(codec, packet)
                }
            }
            var rc = avcodec_receive_frame(codec, frame)
            while rc >= 0 {
                // Unreferenced before the next receive: a `defer` here would run after it and
                // empty every second frame of a burst (the frames a decoder drains at the end).
                let more = try lend(frame, to: body)
                if !more { return }
                rc = avcodec_receive_frame(codec, frame)
            }
            if rc == sb_averror_eof() || (!reading && rc != sb_averror_again()) { return }
        }
    }

    private func lend(_ frame: UnsafeMutablePointer<AVFrame>, to body: (UnsafeMutablePointer<AVFrame>) throws -> Bool) throws -> Bool {
        defer { av_frame_unref(frame) }
        return try body(frame)
    }
}
