import CMalloc
import Foundation
import Testing
@testable import Shoebox

/// The allocator settings the CLI makes at start keep an ingest's peak memory flat however
/// many files it takes (issue 14, docs/BENCHMARKS.md).
@Suite struct AllocatorTuningTests {
    /// Arenas glibc has opened in this process so far: the `<heap nr=` elements of its
    /// `malloc_info` report.
    private static func arenasOpened() -> Int {
        var text: UnsafeMutablePointer<CChar>? = nil
        var size = 0
        guard let stream = open_memstream(&text, &size) else { return -1 }
        malloc_info(0, stream)
        fclose(stream)
        defer { free(text) }
        return text.map { String(cString: $0).components(separatedBy: "<heap nr=").count - 1 } ?? -1
    }

    /// Eight threads that each allocate, all alive at once: without the limit glibc would give
    /// those without a free arena a new one each, up to eight a core. Run in a process of its
    /// own (an exit test), as the CLI runs it: glibc fixes its arena limit once, when a process
    /// first has more than eight arenas, so a setting made after the other tests' threads ran
    /// would not be seen.
    @Test func threadsStartedAfterTheSettingOpenNoArenaOfTheirOwn() async {
        await #expect(processExitsWith: .success) {
            AllocatorTuning.shareFewArenas()
            let before = Self.arenasOpened()
            let threads = 8
            let allocated = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
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
            let during = Self.arenasOpened()
            for _ in 0..<threads { done.signal() }
            for _ in 0..<threads { finished.wait() }
            exit(before >= 1 && during <= max(before, AllocatorTuning.arenaCount) ? 0 : 1)
        }
    }
}
