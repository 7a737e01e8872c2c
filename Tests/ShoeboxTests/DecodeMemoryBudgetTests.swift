import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// Every still decoder is held to `limits.decodeMemoryBytes` by an estimate from the file's
/// header, checked before any pixel is decoded: over a small budget each file fails as
/// `tooLarge`, saying what it would need; under the default budget each is ingested. The
/// 10-bit AVIF and the TIFFs are made at test time with avifenc and vips.
@Suite struct DecodeMemoryBudgetTests {
    static let tools = ["vips", "avifenc"].allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }

    /// What each file's refusal says first, by decoder (the default pipeline's boxes).
    static let refusals: [(file: String, message: String)] = [
        ("ten-bit.avif", "a HEIF image libheif decodes whole (AV1, more than 8 bits): its 1200x300 pixels"),
        ("photo.heic", "a HEIF image libheif decodes whole (HEVC, 8 bits): its 480x320 pixels"),
        ("photo.webp", "a WebP is decoded at 320x240"),
        ("strip.tif", "a TIFF is decoded a strip at a time: 1200x128 of its 1200x300 pixels"),
        ("tiled.tif", "a tiled TIFF is decoded a row of 1200x128 tiles at a time, twice over"),
        ("jxl-container.jxl", "a JPEG XL is decoded whole (libjxl's frame and the output): its 360x240 pixels"),
        ("no-preview.dng", "its preview does not cover the thumbnails, and a half-size development of the RAW needs"),
        ("bmp-24bit.bmp", "a BMP is decoded whole by FFmpeg: its 64x48 pixels"),
        ("static.gif", "a GIF's first frame is decoded whole onto its 160x120 screen"),
    ]

    /// One file per decoder in `photos/`.
    private func folder(in library: TestLibrary) throws -> URL {
        let root = try library.folder.folder("photos", copying: [
            Fixtures.sample("photo.heic"), Fixtures.sample("photo.webp"), Fixtures.sample("formats/jxl-container.jxl"),
            Fixtures.sample("formats/bmp-24bit.bmp"), Fixtures.sample("gif/static.gif"),
            Fixtures.repository.appendingPathComponent("Tests/Fixtures/raw/no-preview.dng"),
        ])
        let png = library.folder.url.appendingPathComponent("panorama.png").path
        try FixtureTool.run("vips", ["copy", Fixtures.sample("panorama.jpg").path, png])
        try FixtureTool.run("avifenc", ["-d", "10", "-s", "8", png, root.appendingPathComponent("ten-bit.avif").path])
        try FixtureTool.run("vips", ["copy", png, root.appendingPathComponent("strip.tif").path])
        try FixtureTool.run("vips", ["copy", png, root.appendingPathComponent("tiled.tif").path + "[tile,tile-width=128,tile-height=128]"])
        return root
    }

    /// The default pipeline file with another `decodeMemoryBytes`.
    private func pipeline(decodeMemoryBytes: Int) throws -> PipelineConfiguration {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("pipelines/default.json"), encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"decodeMemoryBytes\": 188743680", with: "\"decodeMemoryBytes\": \(decodeMemoryBytes)")
        try #require(changed != text)
        return try PipelineConfiguration.parse(Data(changed.utf8), file: "low.json")
    }

    @Test(.enabled(if: tools, "vips or avifenc is not installed: skipped"))
    func overASmallBudgetEveryDecoderRefusesItsFileAsTooLarge() throws {
        let library = try TestLibrary()
        let root = try folder(in: library)

        let summary = try library.ingest([root], configuration: try pipeline(decodeMemoryBytes: 1000))

        #expect((summary.ingested, summary.failed) == (0, Self.refusals.count))
        for (file, message) in Self.refusals {
            let asset = try #require(try library.asset(at: root.appendingPathComponent(file)))
            #expect(asset.errorClass == .tooLarge, "\(file): \(asset.errorMessage ?? "")")
            #expect(asset.errorMessage?.hasPrefix(message) == true, "\(file): \(asset.errorMessage ?? "")")
            #expect(asset.errorMessage?.hasSuffix("the pipeline's limits.decodeMemoryBytes allows 0.0 MB") == true)
        }
    }

    @Test(.enabled(if: tools, "vips or avifenc is not installed: skipped"))
    func underTheDefaultBudgetEveryDecoderIngestsItsFile() throws {
        let library = try TestLibrary()
        let root = try folder(in: library)

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (Self.refusals.count, 0))
    }

    /// The shrinking route (dav1d for AVIF, libde265 for HEIC) is held to its own plan: one
    /// decoded picture and the sums of the shrink, not libheif's whole decode.
    @Test(.enabled(if: tools, "vips or avifenc is not installed: skipped"))
    func theShrinkingRouteIsHeldToItsPlan() throws {
        let library = try TestLibrary()
        let root = try folder(in: library)
        var configuration = try pipeline(decodeMemoryBytes: 1000)
        configuration.thumbnails = [ThumbnailSpec(name: "small", rule: .fit, width: 100, height: 100)]

        try library.ingest([root], configuration: configuration)

        let avif = try #require(try library.asset(at: root.appendingPathComponent("ten-bit.avif")))
        #expect(avif.errorMessage?.hasPrefix("a 1200x300 HEIF picture is decoded by dav1d 1200x300 at a time and shrunk by 6") == true,
                "\(avif.errorMessage ?? "")")
        let heic = try #require(try library.asset(at: root.appendingPathComponent("photo.heic")))
        #expect(heic.errorMessage?.hasPrefix("a 480x320 HEIF picture is decoded by libavcodec 480x320 at a time and shrunk by 2") == true,
                "\(heic.errorMessage ?? "")")
    }

    @Test func dav1dsPictureIsRoundedUpTo128() {
        // 6820x2924 at 10 bits, 4:4:4: rows of 6912 samples, 2944 rows, three planes of words.
        #expect(AV1Decoder.pictureBytes(width: 6820, height: 2924, bitDepth: 10, chromaShift: (0, 0)) == 122_093_568)
        // 4:2:0 at 8 bits: chroma planes a quarter of luma each.
        #expect(AV1Decoder.pictureBytes(width: 128, height: 128, bitDepth: 8, chromaShift: (1, 1)) == 24_576)
        #expect(AV1Decoder.pictureBytes(width: 129, height: 1, bitDepth: 8, chromaShift: nil) == 32_768)
    }
}
