import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The foundation's guards: what is never opened, never followed, never decoded.
@Suite struct HostileInputGuardTests {
    let fileManager = FileManager.default

    @Test func symlinksAreNeverFollowedOutOfTheRoot() throws {
        let library = try TestLibrary()
        let outside = try library.folder.folder("outside", copying: [Fixtures.sample("panorama.jpg")])
        let root = try library.folder.folder("root", copying: [Fixtures.sample("tall.jpg")])
        try fileManager.createSymbolicLink(atPath: root.appendingPathComponent("escape.jpg").path,
                                           withDestinationPath: outside.appendingPathComponent("panorama.jpg").path)
        try fileManager.createSymbolicLink(atPath: root.appendingPathComponent("escape-dir").path, withDestinationPath: outside.path)
        try fileManager.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: ".")
        var skipped: [String] = []
        let summary = try library.ingest([root]) { if case let .skipped(path, _) = $0 { skipped.append(path) } }
        #expect(summary.ingested == 1 && summary.skipped == 3)
        #expect(Set(skipped.map { URL(fileURLWithPath: $0).lastPathComponent }) == ["escape.jpg", "escape-dir", "loop"])
        #expect(try library.assets().map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["tall.jpg"])
    }

    @Test func aFIFONamedLikeAPhotoIsNeverOpened() throws {
        let library = try TestLibrary()
        let root = try library.folder.folder("root", copying: [Fixtures.sample("tall.jpg")])
        #expect(mkfifo(root.appendingPathComponent("photo.jpg").path, 0o644) == 0)
        let summary = try library.ingest([root])
        #expect(summary.ingested == 1 && summary.skipped == 1)
    }

    @Test func aLibraryInsideTheRootIsNotIngested() throws {
        let folder = try TemporaryFolder()
        let root = try folder.folder("root", copying: [Fixtures.sample("tall.jpg")])
        let library = Library(root: root.appendingPathComponent("library"))
        try fileManager.createDirectory(at: library.root, withIntermediateDirectories: true)
        try library.prepare()
        let catalog = try SQLiteCatalog(path: library.catalogPath)
        let pipeline = IngestPipeline(configuration: try Fixtures.pipeline(), catalog: catalog, library: library)
        #expect(try pipeline.run(roots: [root.path]).ingested == 1)
        let second = try pipeline.run(roots: [root.path])
        #expect(second.ingested == 0 && second.unchanged == 1 && second.failed == 0)
    }

    @Test func imagesOverThePixelLimitAreRefusedFromTheHeader() throws {
        let library = try TestLibrary()
        let root = try library.folder.folder("root", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        var configuration = try Fixtures.pipeline()
        configuration.limits.maxPixels = 100_000   // panorama: 360,000 pixels; tall: 36,000
        try library.ingest([root], configuration: configuration)
        let panorama = try #require(try library.asset(at: root.appendingPathComponent("panorama.jpg")))
        #expect(panorama.status == .failed)
        #expect(panorama.errorClass == .tooLarge)
        #expect(panorama.errorMessage == "1200x300 is over the pipeline's limit of 100000 pixels")
        #expect(panorama.thumbnails.isEmpty)
        #expect(try library.asset(at: root.appendingPathComponent("tall.jpg"))?.status == .ok)
    }

    @Test func formatsAreRecognisedByContentNotByName() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        try fileManager.copyItem(at: Fixtures.sample("screenshot.png"), to: root.appendingPathComponent("really-a-png.jpg"))
        try fileManager.copyItem(at: Fixtures.sample("tall.jpg"), to: root.appendingPathComponent("no-extension"))
        try Data("%PDF-1.4\n".utf8).write(to: root.appendingPathComponent("document.jpg"))
        try library.ingest([root])
        let png = try #require(try library.asset(at: root.appendingPathComponent("really-a-png.jpg")))
        #expect(png.format == .png && png.status == .ok)
        #expect(try library.asset(at: root.appendingPathComponent("no-extension"))?.format == .jpeg)
        let pdf = try #require(try library.asset(at: root.appendingPathComponent("document.jpg")))
        #expect(pdf.status == .failed && pdf.errorClass == .unsupported)
    }

    @Test func aNameWithLibvipsOptionsLoadsTheFileItself() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        try fileManager.copyItem(at: Fixtures.sample("tall.jpg"), to: root.appendingPathComponent("x.jpg"))
        try fileManager.copyItem(at: Fixtures.sample("panorama.jpg"), to: root.appendingPathComponent("x.jpg[shrink=8]"))
        try library.ingest([root])
        let odd = try #require(try library.asset(at: root.appendingPathComponent("x.jpg[shrink=8]")))
        #expect((odd.width, odd.height) == (1200, 300))
    }

    @Test func thumbnailsAreNamedByHashNeverBySourceName() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        try fileManager.copyItem(at: Fixtures.sample("tall.jpg"), to: root.appendingPathComponent("..%2F..%2Fetc.jpg"))
        try library.ingest([root])
        let asset = try #require(try library.assets().first)
        for thumbnail in asset.thumbnails {
            #expect(thumbnail.relativePath.hasPrefix("thumbs/\(asset.contentHash!.prefix(2))/\(asset.contentHash!)-"))
        }
    }

    @Test func sniffingKnowsEachSupportedFormat() throws {
        func format(_ sample: String) throws -> MediaFormat? {
            FormatSniffer.format(of: try Data(contentsOf: Fixtures.sample(sample)))
        }
        #expect(try format("panorama.jpg") == .jpeg)
        #expect(try format("screenshot.png") == .png)
        #expect(try format("photo.webp") == .webp)
        #expect(try format("photo.heic") == .heic)
        #expect(try format("broken/not-an-image.jpg") == nil)
        let avif: [UInt8] = [0, 0, 0, 28] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8)
        #expect(FormatSniffer.format(of: avif) == .avif)
        let mp4: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8)
        #expect(FormatSniffer.format(of: mp4) == .mp4)
        #expect(FormatSniffer.format(of: [0x1A, 0x45, 0xDF, 0xA3, 0x01]) == .matroska)
        #expect(FormatSniffer.format(of: Array("RIFF\0\0\0\0AVI LIST".utf8)) == .avi)
        #expect(FormatSniffer.format(of: Array("II*\0".utf8)) == .tiff)
        #expect(FormatSniffer.format(of: Array("GIF89a".utf8)) == .gif)
    }

    @Test func aTruncatedJPEGLacksItsEndMarker() throws {
        let whole = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        let truncated = try Data(contentsOf: Fixtures.sample("broken/truncated.jpg"))
        #expect(whole.withUnsafeBytes(JPEGStructure.isTruncated) == false)
        #expect(truncated.withUnsafeBytes(JPEGStructure.isTruncated) == true)
        let withTrailer = whole + Data("trailing bytes after the image, as motion photos have".utf8)
        #expect(withTrailer.withUnsafeBytes(JPEGStructure.isTruncated) == false)
    }
}

extension HostileInputGuardTests {
    @Test func aTruncatedPNGIsDamagedNotGreyFilled() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        let whole = try Data(contentsOf: Fixtures.sample("screenshot.png"))
        try whole.prefix(whole.count / 2).write(to: root.appendingPathComponent("cut.png"))
        try whole.write(to: root.appendingPathComponent("whole.png"))
        try library.ingest([root])
        let cut = try #require(try library.asset(at: root.appendingPathComponent("cut.png")))
        #expect(cut.status == .failed && cut.errorClass == .damaged)
        #expect(cut.errorMessage == "truncated: the PNG has no IEND chunk")
        #expect(try library.asset(at: root.appendingPathComponent("whole.png"))?.status == .ok)
    }

    @Test func aFailedFileIsFiledUnderTheKindItsNameClaims() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        for name in ["clip.MOV", "loop.gif", "photo.jpg"] {
            try Data().write(to: root.appendingPathComponent(name))
        }
        try library.ingest([root])
        let kinds = try library.assets().map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.kind) }
        #expect(kinds.map(\.0) == ["clip.MOV", "loop.gif", "photo.jpg"])
        #expect(kinds.map(\.1) == [.video, .gif, .photo])
    }
}

extension HostileInputGuardTests {
    /// A JPEG strip one pixel high: libvips sizes a DCT-shrunk JPEG by whole division and
    /// asserts (aborting the process) on a height of 0, so the shrink factor must leave 1.
    @Test func aOnePixelStripJPEGDecodesWithoutShrinkingToNothing() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        let strip = root.appendingPathComponent("strip.jpg")
        let vips = Process()
        vips.executableURL = URL(fileURLWithPath: "/usr/bin/vips")
        vips.arguments = ["black", strip.path, "20000", "1"]
        try vips.run()
        vips.waitUntilExit()
        try #require(vips.terminationStatus == 0, "the vips tool (libvips-tools) made no test strip")
        try library.ingest([root])
        let asset = try #require(try library.asset(at: strip))
        #expect(asset.status == .ok && (asset.width, asset.height) == (20000, 1))
        #expect(asset.thumbnails.map { PixelSize(width: $0.width, height: $0.height) }
                == [PixelSize(width: 4096, height: 1), PixelSize(width: 1440, height: 1)])
    }
}
