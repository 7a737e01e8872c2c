import Foundation
import Testing
@testable import Shoebox

/// A RAW's outcome does not depend on what ran before it in the process: LibRaw keeps its
/// decoders' read buffers in the handle without clearing them, and a decoder that reads past
/// the end of a cut-off file (exiftool's Panasonic.rw2) used whatever the heap held there, so
/// the file failed in 1 ingest of 6 beside other camera files. The heap is filled with
/// garbage blocks of the buffer's size first, as another decode leaves it.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
struct RawDeterminismTests {
    /// Frees `count` blocks of `size` bytes filled with `byte`, for the next allocations to reuse.
    static func leaveGarbage(count: Int, size: Int, byte: UInt8) {
        let blocks = (0 ..< count).map { _ in UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16) }
        for block in blocks {
            block.initializeMemory(as: UInt8.self, repeating: byte, count: size)
        }
        blocks.forEach { $0.deallocate() }
    }

    /// Not under a sanitizer: its allocator replaces glibc's, whose perturb byte zeroes the handle.
    @Test(.disabled(if: Fixtures.underSanitizer, "a sanitizer's allocator ignores glibc's perturb byte"),
          arguments: [0x00, 0xAB, 0xFF] as [UInt8])
    func aCutOffRW2DevelopsTheSameOverAnyHeap(garbage: UInt8) throws {
        let (bytes, _) = try SourceFile.read(Fixtures.corpus("exiftool-t/Panasonic.rw2").path, maxBytes: 1 << 30)
        let raw = try RawFile(bytes, maxMemoryBytes: 1 << 30)

        for size in [0x4100, 0x8000, 0x10000, 0x20000] { Self.leaveGarbage(count: 64, size: size, byte: garbage) }
        let developed = try raw.developHalfSize { _, size in size }

        #expect(developed.width > 0 && developed.height > 0)
    }
}
