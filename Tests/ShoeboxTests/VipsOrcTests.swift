import Dispatch
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// libvips compiles and frees the orc programs of every resize one at a time: orc 0.4.33 (Debian
/// 12) changes its code memory outside its own lock, so resizes built and dropped on several
/// threads at once, as the decode and thumbnail workers do, corrupted the heap (`COrcLock`;
/// `scripts/vips-orc-race.c`).
@Suite struct VipsOrcTests {
    @Test func libvipsCallsToCompileAndFreeOrcCodeReachTheLock() throws {
        try Vips.start()

        #expect(Vips.orcCallsAreSerialised)
    }

    /// Unserialised, four threads each building and dropping 3,000 resizes of a small image
    /// crashed the process in `orc_code_free` (3 of 3 runs); serialised, they all succeed.
    @Test func resizesBuiltAndDroppedOnFourThreadsAtOnceAllSucceed() throws {
        try Vips.start()
        let pixels = [UInt8](repeating: 90, count: 64 * 64 * 3)
        let tiles = try (0..<4).map { _ in try pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: 64, height: 64) } }
        let resized = AtomicCounter()

        DispatchQueue.concurrentPerform(iterations: tiles.count) { thread in
            for round in 0..<3_000 {
                if (try? tiles[thread].resized(toWidth: 64, height: 40 - round % 7)) != nil { resized.increment() }
            }
        }

        #expect(resized.value == 12_000)
    }
}
