import Foundation
import Testing
@testable import Shoebox

/// BMPs, recognised by their headers and decoded by FFmpeg's BMP decoder, in every variant
/// writers produce. Fixtures: `samples/formats/bmp-*.bmp` (scripts/make-format-samples.py),
/// each the same 64x48 picture: the top-left quadrant red, the rest blue (Pillow agrees).
@Suite struct BMPTests {
    static let variants = ["bmp-1bit.bmp", "bmp-4bit.bmp", "bmp-8bit.bmp", "bmp-rle4.bmp", "bmp-rle8.bmp",
                           "bmp-16bit-555.bmp", "bmp-16bit-565.bmp", "bmp-24bit.bmp", "bmp-24bit-top-down.bmp",
                           "bmp-32bit.bmp", "bmp-os2.bmp"]

    @Test func everyVariantIsAPhotoShownTheRightWayUp() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: Self.variants.map { Fixtures.sample("formats/\($0)") })

        let assets = try ListedAssets(ingesting: photos, into: folder)

        #expect(assets.ingest.status == 0, "\(assets.ingest.errors)")
        for name in Self.variants {
            let asset = try #require(assets[name], "\(name) not catalogued: \(assets.ingest.errors)")
            #expect(asset["status"] as? String == "ok", "\(name)")
            #expect(asset["kind"] as? String == "photo", "\(name)")
            #expect(asset["format"] as? String == "bmp", "\(name)")
            #expect(asset["width"] as? Int == 64 && asset["height"] as? Int == 48, "\(name)")
            let thumbnail = try assets.thumbnail(name)
            try #require(thumbnail.width == 64 && thumbnail.height == 48, "\(name)")
            let pixels = try thumbnail.pixelBytes()
            let topLeft = Array(pixels[0..<3]), bottomRight = Array(pixels[(pixels.count - 3)...])
            #expect(topLeft[0] > 200 && topLeft[2] < 60, "\(name): top-left \(topLeft) is not red")
            #expect(bottomRight[0] < 60 && bottomRight[2] > 200, "\(name): bottom-right \(bottomRight) is not blue")
        }
    }

    /// The same bytes under any name: recognised by content, and a `.bmp` that is not one is
    /// `unsupported`, never decoded.
    @Test func aBMPIsRecognisedByContentNotByName() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try FileManager.default.copyItem(at: Fixtures.sample("formats/bmp-8bit.bmp"),
                                         to: photos.appendingPathComponent("scan.dat"))
        try Data("BM is how this note starts, and nothing else".utf8).write(to: photos.appendingPathComponent("note.bmp"))

        let assets = try ListedAssets(ingesting: photos, into: folder)

        #expect(assets["scan.dat"]?["format"] as? String == "bmp")
        #expect(assets["scan.dat"]?["status"] as? String == "ok")
        #expect(assets["note.bmp"]?["errorClass"] as? String == "unsupported")
        #expect(assets["note.bmp"]?["error"] as? String == "not a supported image or video format (by content)")
    }

    /// The header's size is checked against `maxPixels` before FFmpeg allocates anything.
    @Test func aBMPOverThePixelLimitIsTooLargeFromItsHeader() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        var bytes = try Data(contentsOf: Fixtures.sample("formats/bmp-24bit.bmp"))
        bytes.replaceSubrange(18..<26, with: [0x40, 0x9C, 0x00, 0x00, 0x40, 0x9C, 0x00, 0x00])  // 40000 x 40000
        try bytes.write(to: photos.appendingPathComponent("huge.bmp"))

        let assets = try ListedAssets(ingesting: photos, into: folder)

        #expect(assets["huge.bmp"]?["errorClass"] as? String == "tooLarge")
        #expect(assets["huge.bmp"]?["error"] as? String == "40000x40000 is over the pipeline's limit of 268402689 pixels")
    }

    /// A valid BMP whose compression FFmpeg does not read (an embedded JPEG, as some printers
    /// write) is `unsupported`, named from its header.
    @Test func aJPEGCompressedBMPIsUnsupported() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        var bytes = try Data(contentsOf: Fixtures.sample("formats/bmp-24bit.bmp"))
        bytes[30] = 4
        try bytes.write(to: photos.appendingPathComponent("printer.bmp"))

        let assets = try ListedAssets(ingesting: photos, into: folder)

        #expect(assets["printer.bmp"]?["errorClass"] as? String == "unsupported")
        #expect(assets["printer.bmp"]?["error"] as? String == "BMP compression 4 (JPEG) is not supported")
    }

    /// exiftool's own test BMP (8-bit palette, 8x8): catalogued at the size exiftool reads.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func exiftoolsBMPIsAPhotoOfTheSizeExiftoolReads() throws {
        let file = Fixtures.corpus("exiftool-t/BMP.bmp")
        let oracle = try #require(try JSONSerialization.jsonObject(
            with: FixtureTool.run("exiftool", ["-j", "-n", file.path])) as? [[String: Any]]).first
        let folder = try TemporaryFolder()

        let assets = try ListedAssets(ingesting: try folder.folder("photos", copying: [file]), into: folder)

        let asset = try #require(assets["BMP.bmp"])
        #expect(asset["status"] as? String == "ok")
        #expect(asset["format"] as? String == "bmp")
        #expect(asset["width"] as? Int == oracle?["ImageWidth"] as? Int)
        #expect(asset["height"] as? Int == oracle?["ImageHeight"] as? Int)
    }
}
