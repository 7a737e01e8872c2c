import CZlib
import Foundation

/// Small PNGs written chunk by chunk: a 64x48 grey picture with the chunks a test names before
/// its pixels.
enum PNGMaker {
    static func png(chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        let header: [UInt8] = bigEndian(64) + bigEndian(48) + [8, 0, 0, 0, 0]   // 8-bit grey
        let rows = (0 ..< 48).flatMap { _ in [UInt8(0)] + [UInt8](repeating: 0x80, count: 64) }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunks.flatMap { chunk($0.type, $0.data) } + chunk("IDAT", deflated(rows)) + chunk("IEND", [])
    }

    /// `compressedChunks` zTXt chunks, each `inflatingTo` bytes of one letter.
    static func withText(compressedChunks: Int, inflatingTo bytes: Int) -> [UInt8] {
        let text = deflated([UInt8](repeating: 0x41, count: bytes))
        return png(chunks: (0 ..< compressedChunks).map { ("zTXt", Array("Comment\($0)\0".utf8) + [0] + text) })
    }

    static func deflated(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&out, &length, bytes, uLong(bytes.count), 9)
        precondition(status == Z_OK, "zlib compress2: \(status)")
        return Array(out.prefix(Int(length)))
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(UInt32(crc32(0, typed, uInt(typed.count))))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
