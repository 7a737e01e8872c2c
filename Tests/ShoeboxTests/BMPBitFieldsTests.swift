import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// 16- and 32-bit BMPs laid out by any bit masks are decoded (`BMPBitFields`): FFmpeg took only
/// the common byte-aligned masks and failed the rest as "damaged: Invalid argument", though
/// libvips and ImageMagick read them. Each file is written here, 4x3 pixels of 0xFF336699.
@Suite struct BMPBitFieldsTests {
    /// A BMP with a 40-byte DIB header followed by `masks` (three, or four for compression 6).
    static func bitmap(masks: [UInt32], compression: UInt32 = 3, bits: UInt16 = 32) -> [UInt8] {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        let (width, height) = (4, 3)
        let stride = ((width * Int(bits) + 31) / 32) * 4
        let pixel: [UInt8] = bits == 32 ? le(UInt32(0xFF33_6699)) : le(UInt16(0x6699))
        let row = (0 ..< width).flatMap { _ in pixel } + [UInt8](repeating: 0, count: stride - width * pixel.count)
        let pixels = (0 ..< height).flatMap { _ in row }
        let offset = 14 + 40 + masks.count * 4
        return Array("BM".utf8) + le(UInt32(offset + pixels.count)) + le(UInt32(0)) + le(UInt32(offset))
            + le(UInt32(40)) + le(Int32(width)) + le(Int32(height)) + le(UInt16(1)) + le(bits) + le(compression)
            + le(UInt32(pixels.count)) + le(Int32(2835)) + le(Int32(2835)) + le(UInt32(0)) + le(UInt32(0))
            + masks.flatMap(le) + pixels
    }

    static func decoded(_ file: [UInt8]) throws -> [UInt8] {
        try file.withUnsafeBytes { raw in
            let header = try #require(BMPHeader(file))
            let channels = try #require(try BMPBitFields.channels(raw, header: header))
            return try BMPBitFields.decode(raw, header: header, channels: channels)
        }
    }

    @Test func tenBitChannelsAreScaledToEightBits() throws {
        // 0xFF336699: red 0x299 of 0x3FF, green 0x0D9, blue 0x3F3.
        let rgb = try Self.decoded(Self.bitmap(masks: [0x0000_03FF, 0x000F_FC00, 0x3FF0_0000]))
        #expect(Array(rgb.prefix(3)) == [166, 54, 252])
        #expect(rgb.count == 4 * 3 * 3)
    }

    @Test func alphaInTheLowByteIsSkipped() throws {
        let rgb = try Self.decoded(Self.bitmap(masks: [0xFF00_0000, 0x00FF_0000, 0x0000_FF00, 0x0000_00FF], compression: 6))
        #expect(Array(rgb.prefix(3)) == [0xFF, 0x33, 0x66])
    }

    @Test func sixteenBitFiveSixFive() throws {
        // 0x6699: red 0b01100 (12 of 31), green 0b110100 (52 of 63), blue 0b11001 (25 of 31).
        let rgb = try Self.decoded(Self.bitmap(masks: [0xF800, 0x07E0, 0x001F], bits: 16))
        #expect(Array(rgb.prefix(3)) == [99, 210, 206])
    }

    @Test func aMaskThatIsNotOneRunOfBitsIsDamaged() {
        let file = Self.bitmap(masks: [0x0000_0F0F, 0x00FF_0000, 0x0000_F000])
        let error = #expect(throws: BMPBitFieldsError.self) {
            try file.withUnsafeBytes { try BMPBitFields.channels($0, header: BMPHeader(file)!) }
        }
        #expect(error?.description == "the BMP's colour mask 0x00000F0F is not one run of bits")
    }

    @Test func suchFilesAreIngestedAtTheirSize() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Data(Self.bitmap(masks: [0x0000_03FF, 0x000F_FC00, 0x3FF0_0000])).write(to: root.appendingPathComponent("ten-bit.bmp"))
        try Data(Self.bitmap(masks: [0xFF00_0000, 0x00FF_0000, 0x0000_FF00, 0x0000_00FF], compression: 6))
            .write(to: root.appendingPathComponent("alpha-fields.bmp"))

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (2, 0))
        #expect(try library.assets().allSatisfy { $0.width == 4 && $0.height == 3 })
    }
}
