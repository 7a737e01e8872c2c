/// Files per second and resident memory against files done, over a run: what makes a slow
/// leak or a slowdown as the library grows visible on a long profile (`profile --html`).
///
/// A file is done when the catalog sink let go of it. The rate at the k-th file is over the
/// `window` files done before it (the files done over the time they took), so one slow file
/// does not make a spike; the memory at a sample is set against the files done by then.
public struct ThroughputCurve: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var filesDone: Int
        public var value: Double
    }

    /// Every file the sink let go of (skipped ones too: they are done).
    public var filesDone: Int
    public var filesPerSecond: [Point]
    public var residentBytes: [Point]

    /// `window`: files a rate is over; nil takes a fiftieth of the files, at least 10.
    public init(_ run: PipelineProfiler.Run, window: Int? = nil) {
        let ends = run.timings.filter { $0.stage == SinkTimer.stage }
            .map { Double($0.start &+ $0.work &- run.origin) / 1e9 }.sorted()
        filesDone = ends.count
        let span = max(1, min(window ?? max(10, ends.count / 50), ends.count - 1))
        filesPerSecond = ends.indices.dropFirst(span).compactMap { index in
            let seconds = ends[index] - ends[index - span]
            return seconds > 0 ? Point(filesDone: index + 1, value: ProfileReport.rounded(Double(span) / seconds, 3)) : nil
        }
        residentBytes = run.memory.map { sample in
            Point(filesDone: Self.count(ends, atOrBefore: sample.seconds), value: Double(sample.bytes))
        }
    }

    /// How many of the sorted `values` are at most `limit`.
    static func count(_ values: [Double], atOrBefore limit: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
