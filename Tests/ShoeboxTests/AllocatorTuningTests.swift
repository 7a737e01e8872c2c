import CMalloc
import Foundation
import Testing
@testable import Shoebox

/// The allocator settings the CLI makes at start keep an ingest's peak memory flat however
/// many files it takes (issue 14, docs/BENCHMARKS.md).
@Suite struct AllocatorTuningTests {
    /// Arenas glibc has opened in this process so far: the `<heap nr=` elements of its
    /// `malloc_info` report.
    private func arenasOpened() -> Int {
        var text: UnsafeMutablePointer<CChar>? = nil
        var size = 0
        guard let stream = open_memstream(&text, &size) else { return -1 }
        malloc_info(0, stream)
        fclose(stream)
        defer { free(text) }
        return text.map { String(cString: $0).components(separatedBy: "<heap nr=").count - 1 } ?? -1
    }

    /// Eight threads that each allocate, all alive at once: without the limit glibc would give
    /// those without a free arena a new one each.
    @Test func threadsStartedAfterTheSettingOpenNoArenaOfTheirOwn() {
        AllocatorTuning.shareFewArenas()
        let before = arenasOpened()
        let threads = 8
        let allocated = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            Thread.detachNewThread {
                let block = malloc(4096)!
                memset(block, 1, 4096)
                allocated.signal()
                done.wait()
                free(block)
                finished.signal()
            }
        }
        for _ in 0..<threads { allocated.wait() }
        let during = arenasOpened()
        for _ in 0..<threads { done.signal() }
        for _ in 0..<threads { finished.wait() }
        #expect(before >= 1)
        #expect(during == before)
    }
}
