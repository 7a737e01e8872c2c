import Foundation
import Testing
@testable import Shoebox

/// Slow motion and time-lapse (`FrameRateEvidence`), and the smart albums they fill, from
/// videos FFmpeg writes as Android's camera does (`com.android.capture.fps`).
@Suite struct FrameRateEvidenceTests {
    @Test(arguments: [
        (30, nil, false, false), (120, nil, true, false), (30, 240, true, false), (30, 1, false, true),
        (30, 15, false, false), (30, 14.9, false, true), (nil, 1, false, false), (30, 30, false, false),
    ] as [(Double?, Double?, Bool, Bool)])
    func ratesSaySlowMotionOrTimeLapse(frameRate: Double?, capture: Double?, slow: Bool, lapse: Bool) {
        let evidence = FrameRateEvidence(frameRate: frameRate, captureFrameRate: capture)
        #expect(evidence.isSlowMotion == slow && evidence.isTimeLapse == lapse)
    }

    static let ffmpeg = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")

    @Test(.enabled(if: ffmpeg, "ffmpeg is not installed (apt-get install ffmpeg): skipped"))
    func androidsCaptureRateFillsTimeLapseAndSloMo() throws {
        let folder = try TemporaryFolder()
        let videos = try folder.subfolder("videos")
        for (name, rate) in [("lapse.mp4", "1.000000"), ("slow.mp4", "240.000000"), ("plain.mp4", nil)] as [(String, String?)] {
            let ffmpeg = Process()
            ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
            ffmpeg.arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=1:size=64x64:rate=30", "-c:v", "libx264",
                                "-pix_fmt", "yuv420p"] + (rate.map { ["-metadata", "com.android.capture.fps=\($0)", "-movflags", "use_metadata_tags"] } ?? [])
                + [videos.appendingPathComponent(name).path]
            try ffmpeg.run()
            ffmpeg.waitUntilExit()
            try #require(ffmpeg.terminationStatus == 0)
        }
        let library = folder.url.appendingPathComponent("library").path
        _ = try ShoeboxBinary.run(["ingest", videos.path, "--library", library])
        func names(_ album: String) throws -> [String] {
            try ShoeboxBinary.run(["list", "--album", album, "--library", library]).output.split(separator: "\n")
                .map { String($0.split(separator: "/").last!) }
        }
        #expect(try names("Time-lapse") == ["lapse.mp4"])
        #expect(try names("Slo-mo") == ["slow.mp4"])
        #expect(try names("Videos").sorted() == ["lapse.mp4", "plain.mp4", "slow.mp4"])
    }
}
