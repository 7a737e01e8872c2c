import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Buffers for whole-file reads, each kept for a later read once the file it held is done with.
///
/// A fresh multi-megabyte buffer is a fresh mapping: the read into it takes a page fault for
/// each 4 KiB (about 750 for a 3 MB photo, as much CPU as copying the bytes). A buffer kept from
/// an earlier file has its pages mapped already, so the read is only the copy.
///
/// What a caller may rely on: `take` is safe from any thread and hands each buffer to one
/// holder at a time; a buffer given back is either kept or unmapped at once. The pool keeps at
/// most `capacity` buffers, none over `largestPooled` bytes, so what it holds beyond the files
/// in flight stays within `capacity` x `largestPooled`; a kept buffer handed out for a smaller
/// file gives the pages past that file's whole MiB back to the system, so a file in flight
/// holds no more memory than a fresh buffer would.
final class ReadBufferPool: @unchecked Sendable {
    /// The one pool the pipeline's source reads share. Two buffers: the read stage takes one a
    /// file and the decode workers give one back a file, so one or two wait here between them.
    static let shared = ReadBufferPool(capacity: 2)
    /// Smaller reads are left to malloc: its arenas reuse memory below its mmap threshold
    /// (`AllocatorTuning`) already.
    static let smallestPooled = 1 << 20
    /// A larger file (a 50 MP camera JPEG, a huge TIFF) gets a mapping of its own, unmapped after
    /// it: the two kept buffers hold at most 32 MiB between reads.
    static let largestPooled = 16 << 20

    let capacity: Int
    private let lock = NSLock()
    private var kept: [UnsafeMutableRawBufferPointer] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many buffers wait for a read now.
    var keptCount: Int { lock.withLock { kept.count } }

    /// A buffer of at least `count` bytes: the smallest kept one that is large enough (its pages
    /// past `count`'s whole MiB dropped), else a new mapping (its size rounded up to a whole
    /// MiB, so that files of similar sizes can share it); nil when `count` is outside the
    /// pooled sizes or the mapping fails (allocate instead).
    func take(_ count: Int) -> UnsafeMutableRawBufferPointer? {
        guard count >= Self.smallestPooled, count <= Self.largestPooled else { return nil }
        let size = (count + Self.smallestPooled - 1) / Self.smallestPooled * Self.smallestPooled
        if let reused = takeKept(count) {
            if reused.count > size { madvise(reused.baseAddress! + size, reused.count - size, MADV_DONTNEED) }
            return reused
        }
        let start = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let start, start != MAP_FAILED else { return nil }
        return UnsafeMutableRawBufferPointer(start: start, count: size)
    }

    /// Keeps `buffer` (one `take` returned) for a later read, or unmaps it when the pool is full.
    func giveBack(_ buffer: UnsafeMutableRawBufferPointer) {
        let keep = lock.withLock {
            guard kept.count < capacity else { return false }
            kept.append(buffer)
            return true
        }
        if !keep { munmap(buffer.baseAddress, buffer.count) }
    }

    private func takeKept(_ count: Int) -> UnsafeMutableRawBufferPointer? {
        lock.withLock {
            let fitting = kept.indices.filter { kept[$0].count >= count }
            guard let best = fitting.min(by: { kept[$0].count < kept[$1].count }) else { return nil }
            return kept.remove(at: best)
        }
    }
}
