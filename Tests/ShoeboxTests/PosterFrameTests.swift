import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// A video's poster is taken at a fraction of its duration. By default it is the keyframe at or
/// before that time, decoded from its packet alone, unless that keyframe is black; then, and when
/// a pipeline asks for `exact`, it is the first frame shown at or after the time, decoded from
/// the keyframe before it, skipping the frames no other frame refers to (FFmpeg's
/// AVDISCARD_NONREF, as mpv drops them on a precise seek). Either way the frame must be the one
/// FFmpeg's own command line gives for its time.
@Suite struct PosterFrameTests {
    /// 3 s of `testsrc2` at 30 frames a second (each frame differs from the next), B-frames that
    /// are not references (no B-pyramid), a keyframe every `keyframeEvery` frames and none
    /// elsewhere; `filter` is applied to the picture first.
    private static func makeVideo(in folder: TemporaryFolder, keyframeEvery: Int, filter: String? = nil) throws -> URL {
        let video = folder.url.appendingPathComponent("testsrc2.mp4")
        let source = "testsrc2=size=320x240:rate=30" + (filter.map { "," + $0 } ?? "")
        try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", source, "-t", "3",
                                       "-c:v", "libx264", "-pix_fmt", "yuv420p", "-bf", "3",
                                       "-x264-params", "b-pyramid=none:keyint=\(keyframeEvery):min-keyint=\(keyframeEvery):scenecut=0",
                                       video.path])
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

    private static func poster(_ video: URL, at fraction: Double, choosing choice: PosterFrameChoice) throws
        -> (pixels: [UInt8], seconds: Double) {
        // Opened from its headers, unprobed, as the poster stage opens it.
        let file = try VideoFile(path: video.path, format: .mp4, fromHeaders: true)
        let duration = try #require(file.info.durationSeconds)
        let poster = try file.posterFrame(at: fraction, fitting: PixelSize(width: 320, height: 240), choosing: choice)
        #expect(poster.width == 320 && poster.height == 240)
        return (try poster.pixelBytes(), duration * fraction)
    }

    /// Keyframes at 0, 1 and 2 s: the posters at 0.3, 1.5 and 2.7 s are those three keyframes.
    @Test(arguments: [(0.1, 0.0), (0.5, 1.0), (0.9, 2.0)])
    func thePosterIsTheKeyframeAtOrBeforeItsTime(fraction: Double, keyframeSeconds: Double) throws {
        let folder = try TemporaryFolder()
        let video = try Self.makeVideo(in: folder, keyframeEvery: 30)
        let (pixels, seconds) = try Self.poster(video, at: fraction, choosing: .keyframe)

        #expect(Self.meanDifference(pixels, try Self.ffmpegFrame(video, at: keyframeSeconds)) == 0)
        #expect(Self.meanDifference(pixels, try Self.ffmpegFrame(video, at: seconds)) > 1)
    }

    /// Black for the first second, then the picture, one keyframe: the black keyframe gives way
    /// to the frame at the poster's time.
    @Test func aBlackKeyframeGivesWayToTheFrameAtThePostersTime() throws {
        let folder = try TemporaryFolder()
        let video = try Self.makeVideo(in: folder, keyframeEvery: 300, filter: "fade=in:st=1:d=0.1")
        let (pixels, seconds) = try Self.poster(video, at: 0.5, choosing: .keyframe)

        #expect(Self.meanDifference(pixels, try Self.ffmpegFrame(video, at: seconds)) == 0)
        #expect(Self.meanDifference(pixels, try Self.ffmpegFrame(video, at: 0)) > 1)
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func theExactPosterIsTheFrameFFmpegShowsAtItsTime(fraction: Double) throws {
        let folder = try TemporaryFolder()
        let video = try Self.makeVideo(in: folder, keyframeEvery: 300)
        let (pixels, seconds) = try Self.poster(video, at: fraction, choosing: .exact)

        // The same conversion as FFmpeg's, to the byte; the frame before is another picture.
        #expect(Self.meanDifference(pixels, try Self.ffmpegFrame(video, at: seconds)) == 0)
        #expect(Self.meanDifference(pixels, try Self.ffmpegFrame(video, at: seconds - 1.0 / 30)) > 1)
    }

    /// FFmpeg's `blackdetect` thresholds: a tenth of the way from black to white.
    @Test func blackIsATenthOfTheWayFromBlackToWhite() {
        #expect(BlackFrame.threshold(depth: 8, fullRange: false) == 37)
        #expect(BlackFrame.threshold(depth: 8, fullRange: true) == 25)
        #expect(BlackFrame.threshold(depth: 10, fullRange: false) == 151)
    }
}
