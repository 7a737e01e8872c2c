import CFFmpeg

extension VideoFile {
    /// How many frames past the seek point are decoded at most looking for the target time.
    static let maxFramesAfterSeek = 90

    /// Decodes one frame near `fraction` of the duration, chosen as `choice` says, scaled to fit
    /// `box` in the stored orientation, as an RGB image. The display rotation is not applied:
    /// the orient stage does that, as for photos.
    public func posterFrame(at fraction: Double, fitting box: PixelSize,
                            choosing choice: PosterFrameChoice = .keyframe) throws -> VipsImage {
        try LibraryClock.measure(.ffmpeg) { try decodePoster(at: fraction, fitting: box, choosing: choice) }
    }

    private func decodePoster(at fraction: Double, fitting box: PixelSize, choosing choice: PosterFrameChoice) throws -> VipsImage {
        guard let context, let stream = context.pointee.streams[Int(streamIndex)] else {
            throw MediaError.ffmpeg(operation: "poster", message: "closed")
        }
        let target = targetTimestamp(stream, fraction: fraction)
        var frame: UnsafeMutablePointer<AVFrame>?
        defer { av_frame_free(&frame) }
        if choice == .keyframe, let target {
            _ = av_seek_frame(context, streamIndex, target, AVSEEK_FLAG_BACKWARD)
            frame = try FrameDecoder(stream: stream).keyframe(from: context, stream: streamIndex)
            if let keyframe = frame, BlackFrame.isBlack(keyframe) { av_frame_free(&frame) }
        }
        if frame == nil {
            if let target { _ = av_seek_frame(context, streamIndex, target, AVSEEK_FLAG_BACKWARD) }
            frame = try FrameDecoder(stream: stream).frame(from: context, stream: streamIndex, atOrAfter: target,
                                                           limit: Self.maxFramesAfterSeek)
        }
        guard let chosen = frame else { throw MediaError.ffmpeg(operation: "decode", message: "no frame could be decoded") }
        return try rgbImage(chosen, fitting: box)
    }

    /// The stream timestamp at `fraction` of the duration; nil (decode from the start) when the
    /// duration, time base or start time the file declares put it outside Int64.
    private func targetTimestamp(_ stream: UnsafeMutablePointer<AVStream>, fraction: Double) -> Int64? {
        let base = stream.pointee.time_base
        guard let duration = info.durationSeconds, duration > 0, base.num > 0, base.den > 0 else { return nil }
        let start = stream.pointee.start_time == sb_av_nopts() ? 0 : stream.pointee.start_time
        return Self.timestamp(start: start, seconds: duration * fraction, base: base)
    }

    /// `start` plus `seconds` in units of `base`, or nil when that is not a finite Int64.
    static func timestamp(start: Int64, seconds: Double, base: AVRational) -> Int64? {
        guard base.num > 0, base.den > 0 else { return nil }
        guard let offset = Int64(exactly: (seconds * Double(base.den) / Double(base.num)).rounded(.down)) else { return nil }
        let (sum, overflow) = start.addingReportingOverflow(offset)
        return overflow ? nil : sum
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
