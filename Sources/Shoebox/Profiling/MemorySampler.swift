import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Samples the process's resident memory every `interval` while a profile runs, for the
/// memory-over-time chart of `profile --html`. Reads /proc/self/statm (one small read a
/// sample, on its own queue); stops with `stop()`.
final class MemorySampler: @unchecked Sendable {
    /// Seconds from the start, and resident bytes then.
    struct Sample: Equatable, Sendable {
        var seconds: Double
        var bytes: Int64
    }

    private let lock = NSLock()
    private var taken: [Sample] = []
    private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "shoebox.memory-sampler"))
    private let started = MonotonicClock.now()

    init(interval: TimeInterval = 0.1) {
        timer.schedule(deadline: .now(), repeating: interval)
        timer.setEventHandler { [weak self] in self?.sample() }
        timer.resume()
    }

    /// Stops sampling; returns every sample, the last one taken now.
    func stop() -> [Sample] {
        timer.cancel()
        sample()
        return lock.withLock { taken }
    }

    private func sample() {
        guard let bytes = Self.residentBytes() else { return }
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        lock.withLock { taken.append(Sample(seconds: seconds, bytes: bytes)) }
    }

    /// The second field of /proc/self/statm (resident pages) times the page size.
    static func residentBytes() -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int64(fields[1]) else { return nil }
        return pages * Int64(sysconf(Int32(_SC_PAGESIZE)))
    }
}
