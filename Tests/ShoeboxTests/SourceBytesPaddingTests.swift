import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// Every `SourceBytes` is followed by `SourceBytes.padding` zero bytes, so a coded picture in it
/// can go to a decoder that reads a little past its input's end (FFmpeg) without a copy.
@Suite struct SourceBytesPaddingTests {
    /// A file of `count` bytes, each its offset modulo 251 plus 1 (never zero), in a fresh
    /// temporary folder.
    private func file(of count: Int, in folder: TemporaryFolder, named name: String) throws -> String {
        let path = folder.url.appendingPathComponent(name).path
        try Data((0..<count).map { UInt8($0 % 251 + 1) }).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The `SourceBytes.padding` bytes after `bytes`'s last.
    private func padding(of bytes: SourceBytes) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: bytes.buffer.baseAddress! + bytes.count, count: SourceBytes.padding))
    }

    @Test func aPooledBufferKeptFromALargerFileIsZeroAfterTheSmallerOne() throws {
        let folder = try TemporaryFolder()
        let large = try file(of: 3_000_000, in: folder, named: "large.jpg")
        let small = try file(of: 2_000_000, in: folder, named: "small.jpg")
        let pool = ReadBufferPool(capacity: 1)
        do { _ = try SourceFile.read(large, maxBytes: 1 << 30, pool: pool) }   // its bytes stay in the kept buffer
        let (bytes, _) = try SourceFile.read(small, maxBytes: 1 << 30, pool: pool)
        #expect(bytes.allocationBase?.count == 3 << 20)
        #expect(bytes.count == 2_000_000)
        #expect(padding(of: bytes) == [UInt8](repeating: 0, count: 64))
    }

    @Test func aSmallFilesBufferIsZeroAfterIt() throws {
        let folder = try TemporaryFolder()
        let (bytes, _) = try SourceFile.read(try file(of: 1_000, in: folder, named: "small.jpg"), maxBytes: 1 << 30,
                                             pool: ReadBufferPool(capacity: 1))
        #expect(bytes.count == 1_000)
        #expect(padding(of: bytes) == [UInt8](repeating: 0, count: 64))
    }

    @Test func aFileReadLeavingRangesOutIsZeroAfterIt() throws {
        let folder = try TemporaryFolder()
        let (bytes, _) = try SourceFile.read(try file(of: 10_000, in: folder, named: "picture.heic"), maxBytes: 1 << 30) { _, _ in
            [100 ..< 200]
        }
        #expect(bytes.count == 10_000)
        #expect(bytes.buffer[150] == 0 && bytes.buffer[9_999] == UInt8(9_999 % 251 + 1))
        #expect(padding(of: bytes) == [UInt8](repeating: 0, count: 64))
    }

    @Test func copiedBytesAreZeroAfterThem() {
        let bytes = SourceBytes(copying: Data(repeating: 0xFF, count: 300))
        #expect(bytes.count == 300)
        #expect(padding(of: bytes) == [UInt8](repeating: 0, count: 64))
    }
}
