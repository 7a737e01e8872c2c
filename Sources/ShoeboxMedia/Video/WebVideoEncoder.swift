import CFFmpeg
import Foundation

/// Re-encodes a video into a web rendition (`WebVideoRecipe`): the video stream decoded from
/// the start, scaled with libswscale, encoded with libx264 and muxed into an MP4 in memory,
/// moov first. The display matrix is copied, so a browser turns the frames
/// upright as it would the original. With `keepsAAC`, an AAC sound track is copied packet by
/// packet up to the same time (any other sound is dropped). The caller writes the bytes.
///
/// Not thread-safe; one encoder per video. Every FFmpeg call of the rendition is here (with
/// the memory muxer's plumbing in the CFFmpeg shim).
public final class WebVideoEncoder {
    private let video: VideoFile
    private let recipe: WebVideoRecipe
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var output: UnsafeMutablePointer<AVFormatContext>?
    private var scaler = SBScaler()
    private var scaled: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var lastTimestamp: Int64 = .min
    /// The source's AAC track copied, when the recipe keeps it: its index in the source.
    private var audioSource: Int32?

    /// Frames encoded: 0 until `encode` ran.
    public private(set) var frames = 0

    public init(video: VideoFile, recipe: WebVideoRecipe) {
        (self.video, self.recipe) = (video, recipe)
    }

    deinit {
        avcodec_free_context(&encoder)
        sb_av_close_memory_output(&output)
        sb_av_free_scaler(&scaler)
        av_frame_free(&scaled)
        av_packet_free(&packet)
    }

    /// The whole MP4. Throws `MediaError` when the video cannot be decoded (no frame at all)
    /// or the encoder or muxer fails.
    public func encode() throws -> Data {
        guard let context = video.context, let stream = context.pointee.streams[Int(video.streamIndex)] else {
            throw MediaError.ffmpeg(operation: "rendition", message: "closed")
        }
        let decoder = try FrameDecoder(stream: stream)
        let size = recipe.size(fitting: PixelSize(width: video.info.squarePixelWidth, height: video.info.storedSize.height))
        try open(size: size, source: stream)
        let base = stream.pointee.time_base
        let start = stream.pointee.start_time == sb_av_nopts() ? 0 : stream.pointee.start_time
        let limit = Int64(recipe.maxSeconds * Double(base.den) / Double(max(base.num, 1)))
        let seconds = { (time: Int64, base: AVRational) in Double(time) * Double(base.num) / Double(max(base.den, 1)) }
        let origin = seconds(start, base)
        try decoder.forEachFrame(from: context, stream: video.streamIndex, others: { packet in
            try self.copyAudio(packet, origin: origin)
        }) { frame in
            let pts = frame.pointee.best_effort_timestamp
            let time = pts == sb_av_nopts() ? lastTimestamp + 1 : Self.elapsed(pts, since: start)
            if time >= limit { return false }
            try send(frame, at: max(time, lastTimestamp + 1))
            return true
        }
        guard frames > 0 else { throw MediaError.ffmpeg(operation: "decode", message: "no frame could be decoded") }
        try drain(flushing: true)
        try check(av_write_trailer(output), "finish the MP4")
        var count: Int64 = 0
        guard let bytes = sb_av_memory_output_bytes(output, &count) else { throw MediaError.ffmpeg(operation: "mux", message: "empty") }
        return Data(bytes: bytes, count: Int(count))
    }

    /// The encoder (in the source stream's time base) and the MP4 muxer with its one stream.
    private func open(size: PixelSize, source: UnsafeMutablePointer<AVStream>) throws {
        guard let codec = avcodec_find_encoder_by_name("libx264") else { throw MediaError.ffmpeg(operation: "encoder", message: "FFmpeg has no libx264 encoder") }
        guard let encoder = avcodec_alloc_context3(codec), let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw MediaError.ffmpeg(operation: "encoder", message: "out of memory")
        }
        (self.encoder, scaled, self.packet) = (encoder, frame, packet)
        try check(sb_av_open_memory_output("mp4", &output), "open the MP4 muxer")
        guard let output else { throw MediaError.ffmpeg(operation: "mux", message: "no muxer") }
        encoder.pointee.width = Int32(size.width)
        encoder.pointee.height = Int32(size.height)
        encoder.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        encoder.pointee.time_base = source.pointee.time_base
        encoder.pointee.framerate = source.pointee.avg_frame_rate
        encoder.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        av_opt_set(encoder.pointee.priv_data, "preset", recipe.preset, 0)
        av_opt_set(encoder.pointee.priv_data, "crf", "\(recipe.quality)", 0)
        try check(avcodec_open2(encoder, codec, nil), "open the H.264 encoder")
        guard let stream = avformat_new_stream(output, nil) else { throw MediaError.ffmpeg(operation: "mux", message: "out of memory") }
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "describe the stream")
        stream.pointee.time_base = encoder.pointee.time_base
        try check(sb_av_copy_display_matrix(source, stream), "copy the display matrix")
        if recipe.keepsAAC { try addAudio(to: output) }
        (frame.pointee.width, frame.pointee.height, frame.pointee.format) = (Int32(size.width), Int32(size.height), AV_PIX_FMT_YUV420P.rawValue)
        try check(av_frame_get_buffer(frame, 0), "allocate a frame")
        var options: OpaquePointer?
        av_dict_set(&options, "movflags", "+faststart", 0)
        defer { av_dict_free(&options) }
        try check(avformat_write_header(output, &options), "start the MP4")
    }

    /// The source's best sound track, as a second stream of the output, when it is AAC.
    private func addAudio(to output: UnsafeMutablePointer<AVFormatContext>) throws {
        guard let context = video.context else { return }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, video.streamIndex, nil, 0)
        guard index >= 0, let source = context.pointee.streams[Int(index)],
              source.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_AAC else { return }
        guard let stream = avformat_new_stream(output, nil) else { throw MediaError.ffmpeg(operation: "mux", message: "out of memory") }
        try check(avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar), "copy the sound's parameters")
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = source.pointee.time_base
        audioSource = index
    }

    /// Writes a packet of the copied sound track whose time (from `origin`, the video's start,
    /// in seconds) is within the recipe's length; other packets are left alone.
    private func copyAudio(_ packet: UnsafeMutablePointer<AVPacket>, origin: Double) throws {
        guard let audioSource, packet.pointee.stream_index == audioSource, packet.pointee.pts != sb_av_nopts(),
              let context = video.context, let source = context.pointee.streams[Int(audioSource)],
              let output, let stream = output.pointee.streams[1] else { return }
        let base = source.pointee.time_base
        // The file's times, and the shift from its start: a packet whose times leave Int64 is left out.
        guard let shift = Self.ticks(origin, base: base) else { return }
        let (pts, ptsOverflow) = packet.pointee.pts.subtractingReportingOverflow(shift)
        let (dts, dtsOverflow) = packet.pointee.dts == sb_av_nopts()
            ? (sb_av_nopts(), false) : packet.pointee.dts.subtractingReportingOverflow(shift)
        guard !ptsOverflow, !dtsOverflow, pts >= 0,
              Double(pts) * Double(base.num) / Double(max(base.den, 1)) < recipe.maxSeconds else { return }
        (packet.pointee.pts, packet.pointee.dts) = (pts, dts)
        packet.pointee.stream_index = 1
        packet.pointee.pos = -1
        av_packet_rescale_ts(packet, base, stream.pointee.time_base)
        try check(av_interleaved_write_frame(output, packet), "write a sound packet")
    }

    /// Scales one decoded frame, encodes it at `time` (the source's time base), writes what comes out.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>, at time: Int64) throws {
        try check(sb_av_scale_frame(&scaler, frame, scaled), "scale a frame")
        scaled?.pointee.pts = time
        lastTimestamp = time
        try check(avcodec_send_frame(encoder, scaled), "encode a frame")
        frames += 1
        try drain(flushing: false)
    }

    /// Writes every packet the encoder has ready; `flushing`: every one it still holds.
    private func drain(flushing: Bool) throws {
        guard let encoder, let packet, let output, let stream = output.pointee.streams[0] else { return }
        if flushing { try check(avcodec_send_frame(encoder, nil), "finish encoding") }
        while true {
            let rc = avcodec_receive_packet(encoder, packet)
            if rc == sb_averror_again() || rc == sb_averror_eof() { return }
            try check(rc, "encode")
            packet.pointee.stream_index = 0
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            try check(av_interleaved_write_frame(output, packet), "write a packet")
        }
    }

    /// `pts` less `start`: a frame's time from the stream's start, in its time base. Both come
    /// from the file; a difference beyond `Int64` is `Int64.max` (past any length) or `.min`.
    package static func elapsed(_ pts: Int64, since start: Int64) -> Int64 {
        let (difference, overflow) = pts.subtractingReportingOverflow(start)
        return overflow ? (pts > start ? .max : .min) : difference
    }

    /// `seconds` in ticks of `base`; nil when that is not a number or beyond `Int64` (a start
    /// time the file put far out).
    package static func ticks(_ seconds: Double, base: AVRational) -> Int64? {
        Int64(exactly: (seconds * Double(base.den) / Double(max(base.num, 1))).rounded())
    }

    private func check(_ rc: Int32, _ operation: String) throws {
        guard rc >= 0 else { throw MediaError.ffmpeg(operation: operation, message: VideoFile.message(rc)) }
    }
}
