/// Times the catalog sink for an observer: the wait for each outcome, then its recording.
///
/// Used on the thread that runs the sink. Without an observer it only pops and calls through,
/// reading no clock.
struct SinkTimer {
    static let stage = "catalog"
    private let observer: PipelineObserver?
    private var asked: UInt64 = 0
    private var popped: UInt64 = 0

    init(_ observer: PipelineObserver?) {
        self.observer = observer
        observer?.stageStarted(Self.stage, workers: 1)
    }

    /// The next outcome from `queue`, as `queue.pop()`.
    mutating func pop(_ queue: BlockingQueue<PipelineItem<AssetDraft>>) -> PipelineItem<AssetDraft>? {
        guard observer != nil else { return queue.pop() }
        asked = MonotonicClock.now()
        let item = queue.pop()
        popped = MonotonicClock.now()
        return item
    }

    /// Runs `record` (the sink's work on `item`) and reports how long it and the wait before it took.
    func time<T>(_ item: PipelineItem<AssetDraft>, _ record: () throws -> T) rethrows -> T {
        guard let observer else { return try record() }
        let result = try record()
        let ended = MonotonicClock.now()
        observer.record(StageTiming(stage: Self.stage, worker: 0, item: item, input: nil, start: popped,
                                    work: ended - popped, waited: popped - asked, blocked: 0))
        return result
    }
}
