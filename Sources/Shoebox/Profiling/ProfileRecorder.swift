import Synchronization

/// The profiler's observer: keeps every timing of one run, in memory, for the report and the trace.
///
/// Thread-safe (one lock, held only to append). Memory grows by one `StageTiming` per file
/// per stage, about 100 bytes each: a few MB for ten thousand files.
public final class ProfileRecorder: PipelineObserver, Sendable {
    /// When the recorder was made, on `MonotonicClock`: time zero of the trace.
    public let origin: UInt64
    private let recorded = Mutex(Recorded())

    private struct Recorded {
        var timings: [StageTiming] = []
        var stages: [(name: String, workers: Int)] = []
    }

    public init() {
        origin = MonotonicClock.now()
    }

    public func stageStarted(_ stage: String, workers: Int) {
        recorded.withLock { $0.stages.append((stage, workers)) }
    }

    public func record(_ timing: StageTiming) {
        recorded.withLock { $0.timings.append(timing) }
    }

    /// Every timing so far, in the order they were recorded.
    public var allTimings: [StageTiming] { recorded.withLock { $0.timings } }

    /// The stages with their worker counts, in pipeline order: the walk first, the others as
    /// they started (the runner starts them in order, the sink last).
    public var stageWorkers: [(name: String, workers: Int)] {
        let stages = recorded.withLock { $0.stages }
        return stages.filter { $0.name == "discover" } + stages.filter { $0.name != "discover" }
    }
}
