import Foundation
import Testing
@testable import Shoebox

/// One profile of the processes a supervised `profile` took: each file counted once, the file
/// a process died on counted as failed where it stopped, the processes' times end to end.
@Suite struct ProfileStitcherTests {
    static let ms: UInt64 = 1_000_000
    static let stages: [ProfileRecord] = [.stage(name: "read", workers: 1), .stage(name: "decode", workers: 2),
                                          .stage(name: SinkTimer.stage, workers: 1), .stage(name: "discover", workers: 1)]

    /// `path` read and decoded from `at` (ms), 10 ms each, then recorded by the sink (unless not `sunk`).
    static func file(_ path: String, at start: UInt64, sunk: Bool = true) -> [ProfileRecord] {
        let timings = [("read", start), ("decode", start + 10), (SinkTimer.stage, start + 20)].prefix(sunk ? 3 : 2)
        return timings.map { stage, at in
            .timing(StageTiming(stage: stage, worker: 0, path: path, outcome: .passed, format: .jpeg,
                                pixelSize: PixelSize(width: 1000, height: 1000), bytes: 100, start: at * ms, work: 10 * ms))
        }
    }

    static let accounting = ProfileStitcher.Accounting(cpuSeconds: 9, peakResidentBytes: 200 << 20)

    /// The first process finished a.jpg, had b.jpg half done and died on c.jpg in decode (its
    /// read arrived); the second started 500 ms later and did b.jpg and d.jpg.
    static func stitched() -> ProfileStitcher {
        var stitcher = ProfileStitcher(pipeline: "default", mode: "ingest")
        let first = [ProfileRecord.origin(1_000 * ms, cpuSeconds: 1)] + stages + file("/p/a.jpg", at: 1_000)
            + file("/p/b.jpg", at: 1_030, sunk: false) + file("/p/c.jpg", at: 1_040, sunk: false).prefix(1)
            + [.memory(at: 1_020 * ms, bytes: 50 << 20), .memory(at: 1_900 * ms, bytes: 99 << 20)]
        stitcher.add(first, diedOn: [CrashedFile("/p/c.jpg", .crashed)], accounting: accounting)
        let second = [ProfileRecord.origin(1_600 * ms, cpuSeconds: 1)] + stages + file("/p/b.jpg", at: 1_600)
            + file("/p/d.jpg", at: 1_630) + [.memory(at: 1_610 * ms, bytes: 60 << 20),
                                             .end(wall: 60 * ms, cpuSeconds: 0.1, peakResidentBytes: 70 << 20,
                                                  decodeWorkers: 2, unreadableRoots: 0)]
        stitcher.add(second, diedOn: [], accounting: accounting)
        return stitcher
    }

    @Test func everyFileIsCountedOnceAndTheOneItDiedOnAsFailed() {
        let report = Self.stitched().run().report
        #expect([report.files, report.ingested, report.failed, report.processes] as [Int] == [4, 3, 1, 2])
        #expect(report.crashes == [ProfileReport.Crash(path: "/p/c.jpg", failure: "crashed", stage: "decode")])
        #expect(report.stages.map(\.name) == ["discover", "read", "decode", SinkTimer.stage])
        #expect(report.stages.map(\.files) == [0, 4, 4, 4])
        #expect(report.stages.map(\.failed) == [0, 0, 1, 0])
        #expect(report.formats.map(\.decoded) == [3])
        #expect(report.formats.map(\.failures) == [["crashed": 1]])
    }

    @Test func theFilesToLeaveOutAreThoseFinishedOrDiedOn() {
        #expect(Self.stitched().settled == ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg", "/p/d.jpg"])
    }

    /// The first process counts to the end of a.jpg (30 ms), the second its own 60 ms; the
    /// second's timings follow the first's with no gap, and so does its memory.
    @Test func theProcessesTimesAreEndToEnd() {
        let run = Self.stitched().run()
        #expect(run.report.wallSeconds == 0.09)
        #expect(run.origin == 1_000 * Self.ms)
        let b = run.timings.filter { $0.path == "/p/b.jpg" }
        #expect(b.map(\.start) == [1_030, 1_040, 1_050].map { $0 * Self.ms })
        #expect(run.memory.map(\.seconds) == [0.02, 0.04])
        #expect(run.memory.map(\.bytes) == [50 << 20, 60 << 20])
    }

    /// A process that died says nothing of its CPU time: the supervisor's accounting of it
    /// stands in, less what it had used at its time zero.
    @Test func aProcessThatDiedIsAccountedByItsSupervisor() {
        let report = Self.stitched().run().report
        #expect(report.cpuSeconds == 8.1)
        #expect(report.peakResidentBytes == 200 << 20)
    }
}
