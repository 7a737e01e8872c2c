import CFFmpeg
import CVips

extension VideoFile {
    /// Every frame of the video stream (at most `limit`), each scaled to exactly `size`, stacked
    /// top to bottom as one image with `page-height` and each frame's `delay` (milliseconds,
    /// from the timestamps) set: what the WebP saver writes as an animation. An AVIF image
    /// sequence's animated thumbnail, which libheif cannot read.
    public func allFrames(size: PixelSize, limit: Int) throws -> VipsImage {
        guard let context, let stream = context.pointee.streams[Int(streamIndex)] else {
            throw MediaError.ffmpeg(operation: "frames", message: "closed")
        }
        let decoder = try FrameDecoder(stream: stream)
        let frameBytes = size.width * size.height * 3
        var pixels: [UInt8] = []
        var times: [Double] = []
        let base = stream.pointee.time_base
        try decoder.forEachFrame(from: context, stream: streamIndex) { frame in
            let start = pixels.count
            pixels.append(contentsOf: repeatElement(0, count: frameBytes))
            let rc = pixels.withUnsafeMutableBufferPointer { buffer in
                sb_av_frame_to_rgb(frame, Int32(size.width), Int32(size.height), buffer.baseAddress! + start, Int32(size.width * 3))
            }
            guard rc >= 0 else { throw MediaError.ffmpeg(operation: "convert frame", message: Self.message(rc)) }
            let pts = frame.pointee.best_effort_timestamp
            times.append(pts == sb_av_nopts() ? Double(times.count) / 10 : Double(pts) * Double(base.num) / Double(base.den))
            return times.count < limit
        }
        guard !times.isEmpty else { throw MediaError.ffmpeg(operation: "decode", message: "no frame could be decoded") }
        let image = try pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: size.width, height: size.height * times.count) }
        vips_image_set_int(image.pointer, "page-height", Int32(size.height))
        var delays = Self.delays(times, total: info.durationSeconds).map { Int32(clamping: $0) }
        vips_image_set_array_int(image.pointer, "delay", &delays, Int32(delays.count))
        return image
    }

    /// Each frame's display time in milliseconds: up to the next frame's timestamp; the last
    /// one's up to the end of the stream, else as long as the one before (100 ms for a lone frame).
    /// Timestamps and durations come from the file: each delay is at least 1 ms and at most
    /// `maxDelay`, and a gap that is not a number counts as 1 ms.
    package static func delays(_ times: [Double], total: Double?) -> [Int] {
        var delays = zip(times, times.dropFirst()).map { max(milliseconds($1 - $0) ?? 1, 1) }
        let tail = total.flatMap { milliseconds($0 - (times.last ?? 0)) }.flatMap { $0 > 0 ? $0 : nil }
        delays.append(tail ?? delays.last ?? 100)
        return delays
    }

    /// The longest delay: what vips's `delay` array (an `Int32` a frame) holds, about 24 days.
    static let maxDelay = Int(Int32.max)

    /// `seconds` in whole milliseconds, at most `maxDelay` (any longer time, infinity included,
    /// is `maxDelay`); nil for a time that is not a number or is too far below zero for an `Int`.
    private static func milliseconds(_ seconds: Double) -> Int? {
        guard let whole = (seconds * 1000).roundedInt else { return seconds > 0 ? maxDelay : nil }
        return min(whole, maxDelay)
    }
}
