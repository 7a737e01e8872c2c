import Foundation

/// The profiler's observer: keeps every timing of one run, in memory, for the report and the trace.
///
/// Thread-safe (one lock, held only to append). Memory grows by one `StageTiming` per file
/// per stage, about 100 bytes each: a few MB for ten thousand files.
public final class ProfileRecorder: PipelineObserver, @unchecked Sendable {
    /// When the recorder was made, on `MonotonicClock`: time zero of the trace.
    public let origin: UInt64
    private let lock = NSLock()
    private var timings: [StageTiming] = []
    private var stages: [(name: String, workers: Int)] = []

    public init() {
        origin = MonotonicClock.now()
    }

    public func stageStarted(_ stage: String, workers: Int) {
        lock.lock()
        stages.append((stage, workers))
        lock.unlock()
    }

    public func record(_ timing: StageTiming) {
        lock.lock()
        timings.append(timing)
        lock.unlock()
    }

    /// Every timing so far, in the order they were recorded.
    public var allTimings: [StageTiming] {
        lock.lock()
        defer { lock.unlock() }
        return timings
    }

    /// The timings recorded after the first `count`, in the order they were recorded.
    func timings(from count: Int) -> [StageTiming] {
        lock.lock()
        defer { lock.unlock() }
        return count < timings.count ? Array(timings[count...]) : []
    }

    /// The stages started after the first `count`, in the order they started.
    func stages(from count: Int) -> [(name: String, workers: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return count < stages.count ? Array(stages[count...]) : []
    }

    /// The stages with their worker counts, in pipeline order: the walk first, the others as
    /// they started (the runner starts them in order, the sink last).
    public var stageWorkers: [(name: String, workers: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return Self.inPipelineOrder(stages)
    }

    /// Stages in the order they started, put in pipeline order: the walk's timing starts
    /// after the other stages, but it comes first.
    static func inPipelineOrder(_ stages: [(name: String, workers: Int)]) -> [(name: String, workers: Int)] {
        let walk = IngestStage.discover.rawValue
        return stages.filter { $0.name == walk } + stages.filter { $0.name != walk }
    }
}
