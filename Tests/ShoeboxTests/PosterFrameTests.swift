import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// A video's poster is the first frame shown at or after its fraction of the duration, decoded
/// from the keyframe before it. On the way there, frames no other frame refers to are not
/// decoded (FFmpeg's AVDISCARD_NONREF before the target, as mpv drops them on a precise seek);
/// the frame chosen must be the one FFmpeg's own command line gives for that time.
@Suite struct PosterFrameTests {
    /// 3 s at 30 frames a second, one group of pictures, B-frames that are not references
    /// (no B-pyramid): every poster past the start has skippable frames before it, and each
    /// frame of `testsrc2` differs from the next.
    private static func makeVideo(in folder: TemporaryFolder) throws -> URL {
        let video = folder.url.appendingPathComponent("one-gop.mp4")
        try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "3",
                                       "-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "300", "-bf", "3",
                                       "-x264-params", "b-pyramid=none", video.path])
        return video
    }

    /// FFmpeg's frame at `seconds` (`-ss` before `-i` seeks accurately: the first frame shown
    /// at or after it), as RGB.
    private static func ffmpegFrame(_ video: URL, at seconds: Double) throws -> [UInt8] {
        [UInt8](try FixtureTool.run("ffmpeg", ["-v", "error", "-ss", String(format: "%.6f", seconds), "-i", video.path,
                                               "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    /// The mean absolute difference of two pictures' samples; infinite for pictures of other sizes.
    private static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func thePosterIsTheFrameFFmpegShowsAtItsTime(fraction: Double) throws {
        let folder = try TemporaryFolder()
        let video = try Self.makeVideo(in: folder)
        let file = try VideoFile(path: video.path, format: .mp4)
        let duration = try #require(file.info.durationSeconds)
        let poster = try file.posterFrame(at: fraction, fitting: PixelSize(width: 320, height: 240))
        #expect(poster.width == 320 && poster.height == 240)
        let pixels = try poster.pixelBytes()

        let expected = try Self.ffmpegFrame(video, at: duration * fraction)
        let frameBefore = try Self.ffmpegFrame(video, at: duration * fraction - 1.0 / 30)
        // The same conversion as FFmpeg's, to the byte; the frame before is another picture.
        #expect(Self.meanDifference(pixels, expected) == 0)
        #expect(Self.meanDifference(pixels, frameBefore) > 1)
    }
}
