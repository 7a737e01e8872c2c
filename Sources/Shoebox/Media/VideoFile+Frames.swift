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
        var delays = Self.delays(times, total: info.durationSeconds).map(Int32.init)
        vips_image_set_array_int(image.pointer, "delay", &delays, Int32(delays.count))
        return image
    }

    /// Each frame's display time in milliseconds: up to the next frame's timestamp; the last
    /// one's up to the end of the stream, else as long as the one before (100 ms for a lone frame).
    static func delays(_ times: [Double], total: Double?) -> [Int] {
        var delays = zip(times, times.dropFirst()).map { max(Int((($1 - $0) * 1000).rounded()), 1) }
        let tail = total.map { Int((($0 - (times.last ?? 0)) * 1000).rounded()) }.flatMap { $0 > 0 ? $0 : nil }
        delays.append(tail ?? delays.last ?? 100)
        return delays
    }
}
