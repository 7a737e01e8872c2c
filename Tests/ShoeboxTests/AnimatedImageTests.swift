import Foundation
import Testing
@testable import Shoebox

/// Animated WebPs and AVIF image sequences are photos with the subtype `animated`, their frames
/// and duration recorded as a GIF's are. Fixtures: `samples/formats/animated.webp` (6 frames
/// of 160x120: 200 ms, then 5 of 100 ms; loops forever) and `samples/formats/sequence.avif`
/// (the same 6 frames at 10 fps, with an alpha track), by scripts/make-format-samples.py.
@Suite struct AnimatedImageTests {
    private func ingested(_ names: [String], configuration: PipelineConfiguration? = nil) throws -> (TestLibrary, URL) {
        let library = try TestLibrary()
        let root = try library.folder.folder("root", copying: names.map { Fixtures.sample("formats/\($0)") })
        try library.ingest([root], configuration: configuration)
        return (library, root)
    }

    @Test func anAnimatedWebPIsAnAnimatedPhotoWithItsFramesLoopAndDuration() throws {
        let (library, root) = try ingested(["animated.webp"])
        let webp = try #require(try library.asset(at: root.appendingPathComponent("animated.webp")))
        #expect(webp.status == .ok)
        #expect(webp.kind == .photo)
        #expect(webp.subtypes == [.animated])
        #expect(webp.details.frameCount == 6)
        #expect(webp.details.loopCount == 0)
        #expect(webp.details.durationSeconds == 0.7)
    }

    /// libheif reads the sequence's still image (its first frame) and nothing else; the frames
    /// and duration come from the track. Before, libvips's own sniffing refused the file and it
    /// was recorded as `damaged`.
    @Test func anAVIFSequenceIsAnAnimatedPhotoShownByItsFirstFrame() throws {
        let (library, root) = try ingested(["sequence.avif"])
        let avif = try #require(try library.asset(at: root.appendingPathComponent("sequence.avif")))
        #expect(avif.status == .ok, "\(avif.errorMessage ?? "")")
        #expect(avif.kind == .photo)
        #expect(avif.subtypes == [.animated])
        #expect(avif.details.frameCount == 6)
        #expect(avif.details.durationSeconds == 0.6)
        #expect(avif.details.loopCount == nil)
        #expect(avif.thumbnails.map { PixelSize(width: $0.width, height: $0.height) }.first == PixelSize(width: 160, height: 120))
    }

    /// A sequence with no still image beside it (its `meta` box gone) is a valid file libheif
    /// 1.15 cannot read: `unsupported`, never `damaged`.
    @Test func anAVIFSequenceWithoutAStillImageIsUnsupported() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        var bytes = try Data(contentsOf: Fixtures.sample("formats/sequence.avif"))
        let meta = try #require(bytes.range(of: Data("meta".utf8)))
        bytes.replaceSubrange(meta, with: Data("free".utf8))
        try bytes.write(to: root.appendingPathComponent("frames-only.avif"))

        try library.ingest([root])

        let avif = try #require(try library.asset(at: root.appendingPathComponent("frames-only.avif")))
        #expect(avif.status == .failed)
        #expect(avif.errorClass == .unsupported)
        #expect(avif.errorMessage?.hasPrefix("an AVIF image sequence whose still image libheif cannot read: ") == true,
                "\(avif.errorMessage ?? "")")
    }

    /// The GIF's frame budget bounds them too: an animated thumbnail decodes every frame.
    @Test func animationsOverTheFrameBudgetAreTooLarge() throws {
        var configuration = try Fixtures.pipeline()
        configuration.limits.gifFramePixels = 100_000   // 6 frames of 160x120 are 115,200 frame pixels
        let (library, root) = try ingested(["animated.webp", "sequence.avif"], configuration: configuration)
        for name in ["animated.webp", "sequence.avif"] {
            let asset = try #require(try library.asset(at: root.appendingPathComponent(name)))
            #expect(asset.errorClass == .tooLarge, "\(name)")
            #expect(asset.errorMessage == "6 frames of 160x120 are over the pipeline's budget of 100000 frame pixels (limits.gifFramePixels)", "\(name)")
        }
    }

    /// Every frame, resized to the spec's size: through libvips for a WebP, through FFmpeg's
    /// AV1 decoder for an AVIF sequence (libheif 1.15 reads only its first frame).
    @Test func animatedWebPsAndAVIFSequencesGetAnimatedThumbnailsWhenASpecAsks() throws {
        var configuration = try Fixtures.pipeline()
        configuration.thumbnails.append(ThumbnailSpec(name: "loop", rule: .aspect, width: 80, format: .webp, quality: 70,
                                                      maxLongEdge: 1024, animated: true))
        let (library, root) = try ingested(["animated.webp", "sequence.avif"], configuration: configuration)
        func loop(_ name: String) throws -> (ThumbnailRecord, Data) {
            let asset = try #require(try library.asset(at: root.appendingPathComponent(name)))
            let record = try #require(asset.thumbnails.first { $0.name == "loop" }, "\(name): \(asset.errorMessage ?? "")")
            return (record, try Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(record.relativePath))))
        }

        let (webp, bytes) = try loop("animated.webp")
        #expect((webp.width, webp.height) == (80, 60))
        #expect(Self.frameChunks(in: bytes) == 6)
        let (avif, frames) = try loop("sequence.avif")
        #expect((avif.width, avif.height) == (80, 60))
        #expect(FormatSniffer.format(of: frames) == .webp)
        #expect(Self.frameChunks(in: frames) == 6)
    }

    /// The ANMF chunks of a WebP: one per frame of an animation.
    private static func frameChunks(in webp: Data) -> Int {
        var count = 0, index = webp.startIndex
        while let found = webp.range(of: Data("ANMF".utf8), in: index..<webp.endIndex) {
            count += 1
            index = found.upperBound
        }
        return count
    }
}
