import Foundation
import Testing
@testable import Shoebox

/// A BigTIFF (`II+\0` or `MM\0+`: 64-bit offsets) is a TIFF: libvips reads it through libtiff,
/// so it is catalogued at its size, not refused as "not a supported format (by content)".
@Suite struct BigTIFFTests {
    @Test(arguments: [[0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0], [0x4D, 0x4D, 0x00, 0x2B, 0, 8, 0, 0]] as [[UInt8]])
    func bothByteOrdersAreTIFF(head: [UInt8]) {
        #expect(FormatSniffer.format(of: head) == .tiff)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vips"), "vips is not installed: skipped"))
    func aBigTIFFIsIngestedAtItsSize() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        let file = root.appendingPathComponent("big.tif")
        try FixtureTool.run("vips", ["copy", Fixtures.sample("panorama.jpg").path, file.path + "[bigtiff]"])

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (1, 0))
        let asset = try #require(try library.asset(at: file))
        #expect(asset.format == .tiff && asset.width == 1200 && asset.height == 300)
    }
}
