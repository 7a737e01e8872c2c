import Foundation
import Testing
@testable import Shoebox

/// The parts of a PNG `shoebox metadata` leaves unread: the data of its IDAT chunks, nothing else.
@Suite struct PNGPixelDataTests {
    @Test func onlyTheDataOfEachIDATChunkIsNamed() throws {
        let header = PNGChunk.bytes(type: "IHDR", [0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0])          // 8...32
        let pixels = PNGChunk.bytes(type: "IDAT", [1, 2, 3, 4, 5]) + PNGChunk.bytes(type: "IDAT", [6, 7])   // 33...49, 50...63
        let text = PNGChunk.bytes(type: "tEXt", [UInt8]("a\0b".utf8))                                 // 64...78
        let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + pixels + text + PNGChunk.bytes(type: "IEND", [])
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("tiny.png")
        try Data(bytes).write(to: file)
        let fd = open(file.path, O_RDONLY)
        defer { close(fd) }

        #expect(PNGStructure.pixelData(fd: fd, size: Int64(bytes.count)) == [41 ..< 46, 58 ..< 60])
    }
}
