import CZlib
import Foundation
import Testing
@testable import Shoebox

/// Small files that would make a decoder hold gigabytes are refused as `tooLarge` before the
/// decoder holds them, and `metadata` reads a large TIFF's tags without its pixels. Each file
/// is made here, a few bytes: a GIF whose one frame covers 16000x16000 (libvips took 1.07 GB to
/// thumbnail it), a PNG whose text inflates to 280 MB (1.7 GB).
@Suite struct MemoryBombTests {
    /// A 35-byte GIF: a 16000x16000 screen and one frame as large, whose pixel data ends at once.
    static let screenBomb: [UInt8] = Array("GIF89a".utf8) + [0x80, 0x3E, 0x80, 0x3E, 0x80, 0, 0]
        + [0, 0, 0, 0xFF, 0xFF, 0xFF]                                   // two colours
        + [0x2C, 0, 0, 0, 0, 0x80, 0x3E, 0x80, 0x3E, 0]                 // the frame: 16000x16000 at 0,0
        + [0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]                          // clear, end; trailer

    @Test func aGifWhoseFrameCoversAHugeScreenIsRefusedBeforeItIsDecoded() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Data(Self.screenBomb).write(to: root.appendingPathComponent("bomb.gif"))

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (0, 1))
        let asset = try #require(try library.asset(at: root.appendingPathComponent("bomb.gif")))
        #expect(asset.errorClass == .tooLarge)
        #expect(asset.errorMessage?.hasPrefix("a GIF's first frame is decoded whole onto its 16000x16000 screen") == true,
                "\(asset.errorMessage ?? "")")
    }

    /// libheif's own limit (16384x16384 in libheif 1.15) refuses the header: the file is too
    /// large, not damaged. Its class is read from libheif's words, which libvips passes on in
    /// its one error buffer for the process: the ingest runs in a process of its own, where no
    /// other test's failing file can take them first.
    @Test func aHeicOverLibheifsLimitIsTooLarge() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        var bytes = try Data(contentsOf: Fixtures.sample("photo.heic"))
        let ispe = try #require(bytes.range(of: Data("ispe".utf8)))
        bytes.replaceSubrange(ispe.upperBound + 4 ..< ispe.upperBound + 12, with: [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40])   // 40000x40000

        try bytes.write(to: root.appendingPathComponent("huge.heic"))
        let run = try ShoeboxBinary.run(["ingest", root.path, "--library", library.library.root.path])
        #expect(run.status == 1, "\(run.errors)")

        let asset = try #require(try library.asset(at: root.appendingPathComponent("huge.heic")))
        #expect(asset.errorClass == .tooLarge)
        #expect(asset.errorMessage?.contains("Image size 40000x40000 exceeds the maximum image size") == true, "\(asset.errorMessage ?? "")")
    }

    /// The frame budget's message counts what it walked: one frame here, not "more than 0".
    @Test func aSingleFrameOverTheFrameBudgetIsSaidToBeOne() throws {
        let failure = #expect(throws: GifReadError.self) {
            try Self.screenBomb.withUnsafeBytes { try GifReader.info(of: $0, framePixelBudget: 1_000_000) }
        }

        #expect(failure?.description == "one frame of 16000x16000 is over the pipeline's budget of 1000000 frame pixels (limits.gifFramePixels)")
    }

    @Test func aPngWhoseTextInflatesPastTheBudgetIsRefusedBeforeLibvipsOpensIt() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Data(PNGMaker.withText(compressedChunks: 40, inflatingTo: 7_000_000)).write(to: root.appendingPathComponent("text.png"))

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (0, 1))
        let asset = try #require(try library.asset(at: root.appendingPathComponent("text.png")))
        #expect(asset.errorClass == .tooLarge)
        #expect(asset.errorMessage?.hasPrefix("a PNG's text chunks inflate to more than 31.5 MB, which libvips holds 6 times over") == true,
                "\(asset.errorMessage ?? "")")
    }

    @Test func aPngWithSomeTextIsIngestedAsEver() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Data(PNGMaker.withText(compressedChunks: 2, inflatingTo: 1_000_000)).write(to: root.appendingPathComponent("text.png"))

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (1, 0))
    }

    @Test func metadataRefusesAPngWhoseTextInflatesPastTheDefaultBudget() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("text.png")
        try Data(PNGMaker.withText(compressedChunks: 40, inflatingTo: 7_000_000)).write(to: file)

        let error = #expect(throws: MetadataReadError.self) { try FileMetadataReader.read(path: file.path) }

        #expect(error?.reason.hasPrefix("tooLarge: a PNG's text chunks inflate to more than 31.5 MB") == true, "\(error?.reason ?? "")")
    }

    @Test func everyKindOfTextChunkIsCountedAsLibpngHoldsIt() {
        let png = PNGMaker.png(chunks: [
            ("tEXt", Array("Title\0".utf8) + Array(repeating: 0x41, count: 10)),
            ("zTXt", Array("Comment\0".utf8) + [0] + PNGMaker.deflated(Array(repeating: 0x42, count: 1000))),
            ("iTXt", Array("Note\0".utf8) + [1, 0] + Array("en\0\0".utf8) + PNGMaker.deflated(Array(repeating: 0x43, count: 500))),
            ("iTXt", Array("Plain\0".utf8) + [0, 0] + Array("\0\0".utf8) + Array(repeating: 0x44, count: 20)),
        ])

        let counted = png.withUnsafeBytes { PNGText.inflatedBytes($0, atMost: 1 << 20) }

        #expect(counted == "Title\0".utf8.count + 10 + 1000 + 500 + 20)   // a tEXt chunk's keyword counts too
    }

    @Test func theCountStopsSoonAfterItsLimit() {
        let png = PNGMaker.withText(compressedChunks: 3, inflatingTo: 10_000_000)

        let counted = png.withUnsafeBytes { PNGText.inflatedBytes($0, atMost: 1_000_000) }

        #expect(counted > 1_000_000 && counted <= 1_000_000 + 16_384)
    }

    /// `metadata` leaves a TIFF's strips unread: all but its tags and directories.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vips"), "vips is not installed: skipped"))
    func aTiffsStripsAreLeftOutOfWhatMetadataReads() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("strips.tif")
        try FixtureTool.run("vips", ["copy", Fixtures.sample("panorama.jpg").path, file.path])
        let size = try #require(SourceFile.status(ofPath: file.path)?.size)

        let fd = open(file.path, O_RDONLY)
        defer { close(fd) }
        let leftOut = TIFFPixelData.ranges(fd: fd, size: size).reduce(Int64(0)) { $0 + Int64($1.count) }
        let metadata = try FileMetadataReader.read(path: file.path)

        #expect(leftOut == 1200 * 300 * 3)
        #expect(metadata.storedSize == PixelSize(width: 1200, height: 300))
    }
}
