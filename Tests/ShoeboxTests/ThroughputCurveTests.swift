import Foundation
import Testing
@testable import Shoebox

/// The page's throughput curve: files per second over the files just done, and memory, both
/// against files done.
@Suite struct ThroughputCurveTests {
    static let ms: UInt64 = 1_000_000

    /// Files done at 100, 200, 300, then 700 ms after the origin (the last one slow), with
    /// memory sampled at 0, 250 and 800 ms.
    static let run: PipelineProfiler.Run = {
        let origin: UInt64 = 5_000 * ms
        let ends: [UInt64] = [100, 200, 300, 700]
        let timings = ends.enumerated().map { index, end in
            StageTiming(stage: SinkTimer.stage, worker: 0, path: "/p/\(index).jpg", outcome: .passed,
                        start: origin + (end - 1) * ms, work: ms)
        }
        let report = ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 1, stages: [(SinkTimer.stage, 1)],
                                   timings: timings, wall: 800 * ms, peakResidentBytes: nil)
        return PipelineProfiler.Run(report: report, summary: IngestSummary(), stages: [(SinkTimer.stage, 1)], timings: timings,
                                    origin: origin, memory: [(0, 10), (0.25, 20), (0.8, 40)])
    }()

    @Test func theRateIsOverTheFilesJustDone() {
        let curve = ThroughputCurve(Self.run, window: 2)
        #expect(curve.filesDone == 4)
        #expect(curve.filesPerSecond == [.init(filesDone: 3, value: 10), .init(filesDone: 4, value: 4)])
    }

    @Test func memoryIsSetAgainstTheFilesDoneByThen() {
        let curve = ThroughputCurve(Self.run, window: 2)
        #expect(curve.residentBytes == [.init(filesDone: 0, value: 10), .init(filesDone: 2, value: 20), .init(filesDone: 4, value: 40)])
    }

    @Test func aRunOfOneFileHasNoRate() {
        var run = Self.run
        run.timings = Array(run.timings.prefix(1))
        #expect(ThroughputCurve(run).filesPerSecond == [])
    }
}
