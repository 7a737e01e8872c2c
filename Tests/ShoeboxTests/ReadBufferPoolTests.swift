import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// Whole-file reads reuse the buffers of files already done with: a fresh buffer costs a page
/// fault for every 4 KiB the read writes (as much CPU as the copy, on a 3 MB photo).
@Suite struct ReadBufferPoolTests {
    /// Minor page faults of the calling thread so far (Linux's RUSAGE_THREAD, 1, which Glibc's
    /// module leaves out: other tests run in other threads of this process meanwhile).
    private func pageFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
    }

    /// A file of `count` bytes, each its offset modulo 251, in a fresh temporary folder.
    private func file(of count: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readpool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("photo.jpg").path
        try Data((0..<count).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Faults taken by reading `path` with `pool`, and the bytes read.
    private func faultsReading(_ path: String, pool: ReadBufferPool) throws -> (Int, SourceBytes) {
        let before = pageFaults()
        let (bytes, _) = try SourceFile.read(path, maxBytes: 1 << 30, pool: pool)
        return (pageFaults() - before, bytes)
    }

    @Test(.enabled(if: !Fixtures.underSanitizer, "counts page faults, which a sanitizer's shadow memory adds to: skipped"))
    func aSecondReadReusesTheFirstFilesPagesInsteadOfFaultingFreshOnes() throws {
        let path = try file(of: 3_000_000)   // 733 pages of 4 KiB
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        AllocatorTuning.returnLargeBuffersToTheSystem()   // as the CLI runs: freed large blocks are unmapped
        let pool = ReadBufferPool(capacity: 1)
        let first: Int
        do { (first, _) = try faultsReading(path, pool: pool) }   // done with: its buffer goes back
        #expect(first >= 700)
        #expect(pool.keptCount == 1)
        let (second, again) = try faultsReading(path, pool: pool)
        #expect(second < 50)
        #expect(again.count == 3_000_000)
        #expect(again.buffer[2_999_999] == UInt8(2_999_999 % 251))
        #expect(pool.keptCount == 0)
    }

    @Test func aFileUnderAMegabyteIsLeftToMalloc() throws {
        let path = try file(of: 500_000)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let pool = ReadBufferPool(capacity: 1)
        do {
            let (bytes, _) = try SourceFile.read(path, maxBytes: 1 << 30, pool: pool)
            #expect(bytes.count == 500_000)
        }
        #expect(pool.keptCount == 0)
    }

    @Test func aFullPoolUnmapsWhatIsGivenBack() throws {
        let path = try file(of: 2_000_000)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let pool = ReadBufferPool(capacity: 1)
        do {
            let (one, _) = try SourceFile.read(path, maxBytes: 1 << 30, pool: pool)
            let (two, _) = try SourceFile.read(path, maxBytes: 1 << 30, pool: pool)
            #expect(one.count == 2_000_000 && two.count == 2_000_000)
        }
        #expect(pool.keptCount == 1)
    }

    /// How many of the pages of `range` are in memory (`mincore`).
    private func residentPages(_ range: UnsafeMutableRawBufferPointer) -> Int {
        let pages = (range.count + 4095) / 4096
        var flags = [UInt8](repeating: 0, count: pages)
        #expect(mincore(range.baseAddress, range.count, &flags) == 0)
        return flags.filter { $0 & 1 == 1 }.count
    }

    @Test func aKeptLargerBufferHoldsNoMoreMemoryThanTheSmallerFileNeeds() throws {
        let large = try file(of: 8_000_000), small = try file(of: 1_500_000)
        defer {
            for path in [large, small] { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        }
        let pool = ReadBufferPool(capacity: 1)
        do { _ = try SourceFile.read(large, maxBytes: 1 << 30, pool: pool) }   // an 8 MiB buffer, kept
        let (bytes, _) = try SourceFile.read(small, maxBytes: 1 << 30, pool: pool)
        let whole = try #require(bytes.allocationBase)
        #expect(whole.count == 8 << 20)
        #expect(residentPages(UnsafeMutableRawBufferPointer(rebasing: whole[(2 << 20)...])) == 0)
        #expect(bytes.buffer[1_499_999] == UInt8(1_499_999 % 251))
    }
}
