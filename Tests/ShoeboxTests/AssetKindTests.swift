import Foundation
import Testing
@testable import Shoebox

/// Every kind of asset, as PhotoKit sees a library: photos, GIFs, videos, Live Photos.
@Suite struct AssetKindTests {
    func ingested(_ samples: [String], configuration: PipelineConfiguration? = nil) throws -> (TestLibrary, URL) {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        for sample in samples {
            let target = root.appendingPathComponent(sample)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Fixtures.sample(sample), to: target)
        }
        try library.ingest([root], configuration: configuration)
        return (library, root)
    }

    @Test func anAnimatedGIFHasItsFramesLoopAndDuration() throws {
        let (library, root) = try ingested(["gif/animated.gif"])
        let gif = try #require(try library.asset(at: root.appendingPathComponent("gif/animated.gif")))
        #expect(gif.kind == .gif)
        #expect(gif.details.frameCount == 12)
        #expect(gif.details.loopCount == 0)
        #expect(gif.details.durationSeconds == 1.2)   // 11 frames of 100 ms, and a delay of 0 shown as 100 ms
        #expect(gif.subtypes == [.animated])
        #expect(gif.thumbnails.map { PixelSize(width: $0.width, height: $0.height) } == [PixelSize(width: 160, height: 120),
                                                                                         PixelSize(width: 160, height: 120)])
    }

    @Test func aStaticGIFIsAGIFWithOneFrame() throws {
        let (library, root) = try ingested(["gif/static.gif"])
        let gif = try #require(try library.asset(at: root.appendingPathComponent("gif/static.gif")))
        #expect(gif.kind == .gif && gif.details.frameCount == 1 && gif.details.durationSeconds == nil)
        #expect(gif.subtypes.isEmpty)
    }

    @Test func aGIFOverItsFrameBudgetFailsAndTheBatchGoesOn() throws {
        var configuration = try Fixtures.pipeline()
        configuration.limits.gifFramePixels = 100_000   // 12 frames of 160x120 are 230,400 frame pixels
        let (library, root) = try ingested(["gif/animated.gif", "gif/static.gif"], configuration: configuration)
        let animated = try #require(try library.asset(at: root.appendingPathComponent("gif/animated.gif")))
        #expect(animated.status == .failed && animated.errorClass == .tooLarge)
        #expect(animated.errorMessage == "6 frames of 160x120 (the walk stopped there) are over the pipeline's budget of 100000 frame pixels (limits.gifFramePixels)")
        #expect(try library.asset(at: root.appendingPathComponent("gif/static.gif"))?.status == .ok)
    }

    @Test func aPhoneVideoIsShownAsItsDisplayMatrixSays() throws {
        let (library, root) = try ingested(["video/portrait.mp4"])
        let video = try #require(try library.asset(at: root.appendingPathComponent("video/portrait.mp4")))
        #expect(video.kind == .video && video.format == .mp4)
        #expect((video.width, video.height) == (180, 320))
        #expect(video.details.codec == "h264" && video.details.frameRate == 15)
        #expect(abs((video.details.durationSeconds ?? 0) - 2.534) < 0.01)
        #expect(video.metadata.takenAt == "2024-07-01T08:00:00Z" && video.metadata.takenAtSource == .quickTimeMovieCreationTime)
        let preview = try #require(video.thumbnails.first { $0.name == "preview" })
        #expect((preview.width, preview.height) == (180, 320))
    }

    /// The poster is the clip's one keyframe, its first frame (at or before 10% of 2.534 s).
    @Test func thePosterFrameIsUprightLikeFFmpegShowsIt() throws {
        let (library, root) = try ingested(["video/portrait.mp4"])
        let video = try #require(try library.asset(at: root.appendingPathComponent("video/portrait.mp4")))
        let preview = try #require(video.thumbnails.first { $0.name == "preview" })
        let ours = try VipsImage.decode(Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(preview.relativePath))))
        let reference = library.folder.url.appendingPathComponent("reference.png")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-y", "-ss", "0", "-i", Fixtures.sample("video/portrait.mp4").path,
                            "-frames:v", "1", reference.path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        try #require(ffmpeg.terminationStatus == 0, "ffmpeg (a declared test dependency) could not make the reference frame")
        let expected = try VipsImage.decode(Data(contentsOf: reference))
        #expect((expected.width, expected.height) == (180, 320))
        #expect(try ours.meanAbsoluteDifference(to: expected) < 12)
    }

    @Test func aTruncatedVideoFailsCleanlyAndTheBatchGoesOn() throws {
        let library = try TestLibrary()
        let root = try library.folder.folder("root", copying: [Fixtures.sample("video/portrait.mp4"), Fixtures.sample("tall.jpg")])
        let whole = try Data(contentsOf: Fixtures.sample("video/portrait.mp4"))
        try whole.prefix(whole.count / 3).write(to: root.appendingPathComponent("cut.mp4"))
        let summary = try library.ingest([root])
        #expect(summary.ingested == 2 && summary.failed == 1)
        let cut = try #require(try library.asset(at: root.appendingPathComponent("cut.mp4")))
        #expect(cut.status == .failed && cut.errorClass == .damaged)
        #expect(cut.errorMessage?.isEmpty == false)
    }

    @Test func aGoogleMotionPhotoIsOneLivePhotoWithItsEmbeddedVideo() throws {
        let (library, root) = try ingested(["motion/PXL_motion.jpg"])
        let asset = try #require(try library.asset(at: root.appendingPathComponent("motion/PXL_motion.jpg")))
        #expect(asset.kind == .livePhoto)
        #expect(asset.details.motionPhoto == EmbeddedVideo(offset: 4229, length: 16971))
        #expect(abs((asset.details.durationSeconds ?? 0) - 1.534) < 0.01)
        #expect(asset.subtypes == [.live])
    }

    @Test func subtypesFollowTheMetadata() throws {
        let (library, root) = try ingested(["panorama.jpg", "screenshot.png", "tall.jpg"])
        #expect(try library.asset(at: root.appendingPathComponent("panorama.jpg"))?.subtypes == [.panorama])
        #expect(try library.asset(at: root.appendingPathComponent("screenshot.png"))?.subtypes == [.screenshot])
        #expect(try library.asset(at: root.appendingPathComponent("tall.jpg"))?.subtypes == [])
    }
}

extension AssetKindTests {
    @Test func aSpecMayAskForAnAnimatedWebPOfAGIF() throws {
        var configuration = try Fixtures.pipeline()
        configuration.thumbnails.append(ThumbnailSpec(name: "loop", rule: .aspect, width: 128, format: .webp, quality: 70,
                                                      maxLongEdge: 1024, animated: true))
        let (library, root) = try ingested(["gif/animated.gif", "gif/static.gif"], configuration: configuration)
        func loop(_ name: String) throws -> (ThumbnailRecord, Data) {
            let asset = try #require(try library.asset(at: root.appendingPathComponent("gif/\(name)")))
            let record = try #require(asset.thumbnails.first { $0.name == "loop" })
            return (record, try Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(record.relativePath))))
        }
        let (animated, bytes) = try loop("animated.gif")
        #expect((animated.width, animated.height) == (128, 96))
        #expect(FormatSniffer.format(of: bytes) == .webp)
        #expect(frames(in: bytes) == 12)
        #expect(frames(in: try loop("static.gif").1) == 0)   // one frame: a plain WebP
    }

    /// The ANMF chunks of a WebP: one per frame of an animation.
    private func frames(in webp: Data) -> Int {
        var count = 0, index = webp.startIndex
        let tag = Data("ANMF".utf8)
        while let found = webp.range(of: tag, in: index..<webp.endIndex) {
            count += 1
            index = found.upperBound
        }
        return count
    }
}
