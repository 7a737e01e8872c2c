import Foundation
import Testing
@testable import Shoebox

/// A palette BMP that FFmpeg's decoder repairs (an RLE run past the end of its row, clipped; a
/// pixel naming a colour past the palette, shown black) is catalogued with a warning that says
/// so; it was catalogued ok with no word before. Files written here: 4x2 pixels, 2 colours.
@Suite struct BMPRepairsTests {
    /// A 4x2 8-bit BMP with a 2-colour palette, `compression` 1 (RLE8) or 0, and `data`.
    static func bitmap(compression: UInt32, data: [UInt8]) -> [UInt8] {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        let palette: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 0]
        let offset = 14 + 40 + palette.count
        return Array("BM".utf8) + le(UInt32(offset + data.count)) + le(UInt32(0)) + le(UInt32(offset))
            + le(UInt32(40)) + le(Int32(4)) + le(Int32(2)) + le(UInt16(1)) + le(UInt16(8)) + le(compression)
            + le(UInt32(data.count)) + le(Int32(2835)) + le(Int32(2835)) + le(UInt32(2)) + le(UInt32(0))
            + palette + data
    }

    static func warning(_ file: [UInt8]) -> String? {
        file.withUnsafeBytes { BMPRepairs.warning($0, header: BMPHeader(file)!) }
    }

    @Test func anRLERunPastItsRowIsSaid() {
        let file = Self.bitmap(compression: 1, data: [6, 1, 0, 0, 4, 0, 0, 1])   // 6 pixels in a row of 4

        #expect(Self.warning(file) == "the BMP was repaired as it was decoded: 1 RLE run goes past the end of a row (clipped)")
    }

    @Test func indicesPastThePaletteAreSaid() {
        let rle = Self.bitmap(compression: 1, data: [4, 3, 0, 0, 4, 1, 0, 1])
        let plain = Self.bitmap(compression: 0, data: [0, 1, 5, 1, 1, 1, 1, 1])

        #expect(Self.warning(rle) == "the BMP was repaired as it was decoded: 4 pixels name a colour past the palette's 2 (shown black)")
        #expect(Self.warning(plain) == "the BMP was repaired as it was decoded: 1 pixel names a colour past the palette's 2 (shown black)")
    }

    @Test(arguments: ["bmp-rle4.bmp", "bmp-rle8.bmp", "bmp-8bit.bmp", "bmp-4bit.bmp", "bmp-1bit.bmp"])
    func wellFormedSamplesNeedNoRepair(name: String) throws {
        let file = [UInt8](try Data(contentsOf: Fixtures.sample("formats/" + name)))

        #expect(Self.warning(file) == nil)
    }

    @Test func aRepairedFileIsCataloguedWithTheWarning() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Data(Self.bitmap(compression: 1, data: [6, 1, 0, 0, 4, 3, 0, 1])).write(to: root.appendingPathComponent("rle.bmp"))

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (1, 0))
        let asset = try #require(try library.asset(at: root.appendingPathComponent("rle.bmp")))
        #expect(asset.warning == "the BMP was repaired as it was decoded: 1 RLE run goes past the end of a row (clipped); "
                + "4 pixels name a colour past the palette's 2 (shown black)")
    }
}
