import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counts, on each thread, the time spent in each `TimedLibrary`, while a profile asks
/// (`startCounting` ... `stopCounting` around one file's work in a stage).
///
/// Calls into a library are wrapped in `measure`; when nothing is counting on the thread (an
/// ingest), that is one thread-specific read and the call. Nested measures count exclusively:
/// time in libvips called from inside a metadata parse is libvips's, not also the parser's.
/// Counts live in a small per-thread buffer, freed with its thread.
public enum LibraryClock {
    /// Slots: one a library, then whether counting (0/1), the library being timed (index + 1,
    /// 0 for none), and when it began.
    private static let librarySlots = TimedLibrary.allCases.count
    private static let activeSlot = librarySlots, currentSlot = librarySlots + 1, sinceSlot = librarySlots + 2

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// Starts counting on this thread, from zero.
    public static func startCounting() {
        let counts: UnsafeMutablePointer<UInt64>
        if let existing = pthread_getspecific(key) {
            counts = existing.assumingMemoryBound(to: UInt64.self)
        } else {
            guard let raw = calloc(sinceSlot + 1, MemoryLayout<UInt64>.stride) else { return }
            counts = raw.assumingMemoryBound(to: UInt64.self)
            pthread_setspecific(key, raw)
        }
        counts.update(repeating: 0, count: sinceSlot + 1)
        counts[activeSlot] = 1
    }

    /// Stops counting on this thread; the nanoseconds in each library since `startCounting`,
    /// by `TimedLibrary.rawValue` (nil when nothing was counting).
    public static func stopCounting() -> [UInt64]? {
        guard let raw = pthread_getspecific(key) else { return nil }
        let counts = raw.assumingMemoryBound(to: UInt64.self)
        guard counts[activeSlot] != 0 else { return nil }
        counts[activeSlot] = 0
        return Array(UnsafeBufferPointer(start: counts, count: librarySlots))
    }

    /// Runs `body`, counting its time as `library`'s on this thread when a profile counts.
    @inline(__always)
    public static func measure<T>(_ library: TimedLibrary, _ body: () throws -> T) rethrows -> T {
        guard let raw = pthread_getspecific(key) else { return try body() }
        let counts = raw.assumingMemoryBound(to: UInt64.self)
        guard counts[activeSlot] != 0 else { return try body() }
        let start = MonotonicClock.now()
        let outer = counts[currentSlot]
        if outer != 0 { counts[Int(outer - 1)] &+= start &- counts[sinceSlot] }
        counts[currentSlot] = UInt64(library.rawValue + 1)
        counts[sinceSlot] = start
        defer {
            let end = MonotonicClock.now()
            counts[library.rawValue] &+= end &- counts[sinceSlot]
            counts[currentSlot] = outer
            counts[sinceSlot] = end
        }
        return try body()
    }
}
