#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on the system's monotonic clock: never goes back, not moved by clock changes.
///
/// Read only while someone observes the pipeline; a reading costs tens of nanoseconds (vDSO).
enum MonotonicClock {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
