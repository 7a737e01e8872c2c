#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on the system's monotonic clock: never goes back, not moved by clock changes.
///
/// Read only while someone observes the pipeline; a reading costs tens of nanoseconds (vDSO).
/// Here in the model so that the profiler's stage timings and the library counters
/// (`LibraryClock`) read one clock.
package enum MonotonicClock {
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
