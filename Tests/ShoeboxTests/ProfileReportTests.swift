import Foundation
import Testing
@testable import Shoebox

/// The profile report's arithmetic, on timings made up for the purpose.
@Suite struct ProfileReportTests {
    static let millisecond: UInt64 = 1_000_000

    static func timing(_ stage: String, _ path: String, ms work: UInt64, format: MediaFormat? = .jpeg,
                       pixels: PixelSize? = nil, outcome: StageTiming.Outcome = .passed,
                       failure: ErrorClass? = nil) -> StageTiming {
        StageTiming(stage: stage, worker: 0, path: path, outcome: outcome, format: format, pixelSize: pixels,
                    bytes: 1000, failure: failure, start: 0, work: work * millisecond, waited: 2 * millisecond, blocked: millisecond)
    }

    @Test func percentilesAreNearestRank() {
        let oneToTwenty = (1...20).map { UInt64($0) }
        #expect(ProfileReport.percentile(oneToTwenty, 0.50) == 10)
        #expect(ProfileReport.percentile(oneToTwenty, 0.95) == 19)
        #expect(ProfileReport.percentile(oneToTwenty, 1.00) == 20)
        #expect(ProfileReport.percentile([7], 0.95) == 7)
        #expect(ProfileReport.percentile([], 0.50) == 0)
        #expect(ProfileReport.percentile([1, 2, 3], 0.50) == 2)
    }

    @Test func aStageSumsItsFilesTimes() {
        let timings = (1...20).map { Self.timing("decode", "/p/\($0).jpg", ms: UInt64($0)) }
        let stage = ProfileReport.stage("decode", workers: 2, timings: timings, wallSeconds: 0.21)
        #expect(stage.files == 20)
        #expect(stage.failed == 0)
        #expect(stage.workSeconds == 0.21)
        #expect(stage.meanMs == 10.5)
        #expect(stage.p50Ms == 10)
        #expect(stage.p95Ms == 19)
        #expect(stage.maxMs == 20)
        #expect(stage.waitedSeconds == 0.04)
        #expect(stage.blockedSeconds == 0.02)
        #expect(stage.busy == 0.5)
    }

    @Test func formatsShareTheWallTimeByWork() {
        // Three JPEGs of 1 s of work each and one HEIC of 3 s, in a run of 3 s wall time: each
        // format took half the work, so each gets 1.5 s of the wall time.
        let size = PixelSize(width: 4000, height: 3000)
        var timings: [StageTiming] = []
        for index in 0..<3 {
            timings.append(Self.timing("decode", "/p/\(index).jpg", ms: 1000, pixels: size))
            timings.append(Self.timing(SinkTimer.stage, "/p/\(index).jpg", ms: 0))
        }
        timings.append(Self.timing("decode", "/p/x.heic", ms: 3000, format: .heic, pixels: size))
        timings.append(Self.timing(SinkTimer.stage, "/p/x.heic", ms: 0))
        let report = ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 1,
                                   stages: [("decode", 1), (SinkTimer.stage, 1)], timings: timings,
                                   wall: 3_000 * Self.millisecond, peakResidentBytes: nil)
        #expect(report.files == 4)
        #expect(report.megapixels == 48)
        #expect(report.filesPerSecond == 1.333)
        #expect(report.megapixelsPerSecond == 16)
        #expect(report.formats.map(\.format) == ["jpeg", "heic"])
        #expect(report.formats.map(\.files) == [3, 1])
        #expect(report.formats.map(\.shareOfWork) == [0.5, 0.5])
        #expect(report.formats.map(\.filesPerSecond) == [2, 0.667])
        #expect(report.formats.map(\.megapixelsPerSecond) == [24, 8])
        #expect(report.formats.map(\.decodeMeanMs) == [1000, 3000])
        #expect(report.bottleneck == "decode")
    }

    @Test func theSinkCountsEveryFileOnceByItsOutcome() {
        let timings = [
            Self.timing("read", "/p/a.jpg", ms: 1),
            Self.timing("read", "/p/b.txt", ms: 1, format: nil, outcome: .skipped),
            Self.timing("read", "/p/c.jpg", ms: 1, format: nil, outcome: .failed),
            Self.timing(SinkTimer.stage, "/p/a.jpg", ms: 1),
            Self.timing(SinkTimer.stage, "/p/b.txt", ms: 0, format: nil, outcome: .skipped),
            Self.timing(SinkTimer.stage, "/p/c.jpg", ms: 1, format: nil, outcome: .failed),
        ]
        let report = ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 1,
                                   stages: [("read", 1), (SinkTimer.stage, 1)], timings: timings,
                                   wall: 10 * Self.millisecond, peakResidentBytes: nil)
        #expect([report.files, report.ingested, report.failed, report.skipped] as [Int] == [2, 1, 1, 1])
        #expect(report.stages.map(\.failed) == [1, 0])
        #expect(report.formats.map(\.format) == ["jpeg", "unknown"])
        #expect(report.formats.map(\.files) == [1, 1])
    }

    /// A file that fails at once must not make its format look fast (the CR2s that failed in
    /// 1.5 ms ranked first at 2,617 files/s): rates are over decoded files, failures apart.
    @Test func failedFilesAreCountedApartFromTheRates() {
        let size = PixelSize(width: 4000, height: 3000)
        let timings = [
            Self.timing("decode", "/p/a.jpg", ms: 1000, pixels: size),
            Self.timing(SinkTimer.stage, "/p/a.jpg", ms: 0),
            Self.timing("decode", "/p/b.jpg", ms: 1, outcome: .failed, failure: .damaged),
            Self.timing(SinkTimer.stage, "/p/b.jpg", ms: 0, outcome: .failed, failure: .damaged),
            Self.timing("decode", "/p/c.cr2", ms: 1, format: .cr2, outcome: .failed, failure: .damaged),
            Self.timing(SinkTimer.stage, "/p/c.cr2", ms: 0, format: .cr2, outcome: .failed, failure: .damaged),
            Self.timing("decode", "/p/d.cr2", ms: 2, format: .cr2, outcome: .failed, failure: .unsupported),
            Self.timing(SinkTimer.stage, "/p/d.cr2", ms: 0, format: .cr2, outcome: .failed, failure: .unsupported),
        ]
        let report = ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 1,
                                   stages: [("decode", 1), (SinkTimer.stage, 1)], timings: timings,
                                   wall: 1_004 * Self.millisecond, peakResidentBytes: nil)
        #expect(report.formats.map(\.format) == ["jpeg", "cr2"])
        #expect(report.formats.map(\.files) == [2, 2])
        #expect(report.formats.map(\.decoded) == [1, 0])
        #expect(report.formats.map(\.failures) == [["damaged": 1], ["damaged": 1, "unsupported": 1]])
        #expect(report.formats.map(\.filesPerSecond) == [1, nil])
        #expect(report.formats.map(\.megapixelsPerSecond) == [12, nil])
        #expect(report.formats.map(\.decodeMeanMs) == [1000, nil])
        #expect(report.formats.map(\.shareOfWork) == [0.996, 0])
        #expect(report.formats.map(\.failedShareOfWork) == [0.001, 0.003])
        let rows = report.text.split(separator: "\n").map(String.init).suffix(5)
        #expect(rows.first == "format  files    MP   MB  work  files/s  MP/s  decode ms  failed")
        #expect(rows.dropFirst().first == "jpeg        1  12.0  0.0  100%      1.0  12.0    1000.00  1 damaged")
        #expect(rows.dropFirst(2).first == "cr2         0   0.0  0.0    0%        -     -          -  1 damaged, 1 unsupported")
    }

    /// The summary's count is the formats' counts added up, whatever the outcome.
    @Test func theHeaderCountsWhatTheFormatsCount() {
        let timings = ["/p/a.jpg", "/p/b.png", "/p/c.heic"].enumerated().flatMap { index, path in
            let failed = index == 1
            return [Self.timing(SinkTimer.stage, path, ms: 1, format: [.jpeg, .png, .heic][index],
                                outcome: failed ? .failed : .passed, failure: failed ? .damaged : nil)]
        }
        let report = ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 2, stages: [(SinkTimer.stage, 1)],
                                   timings: timings, wall: Self.millisecond, peakResidentBytes: nil)
        #expect(report.files == 3)
        #expect(report.formats.reduce(0) { $0 + $1.files } == 3)
        #expect(report.formats.reduce(0) { $0 + $1.decoded + $1.failed } == 3)
        #expect(report.text.hasPrefix("3 files (2 ingested, 1 failed, 0 skipped)"))
    }

    @Test func theTextMarksTheBusiestStage() {
        let timings = [Self.timing("read", "/p/a.jpg", ms: 1), Self.timing("decode", "/p/a.jpg", ms: 8),
                       Self.timing(SinkTimer.stage, "/p/a.jpg", ms: 1)]
        let report = ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 1,
                                   stages: [("read", 1), ("decode", 1), (SinkTimer.stage, 1)], timings: timings,
                                   wall: 10 * Self.millisecond, peakResidentBytes: 64 << 20)
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "1 file (1 ingested, 0 failed, 0 skipped) with pipeline \"p\", 1 decode worker, in 0.01 s")
        #expect(lines[1] == "100.0 files/s, 0.0 MP/s, 0.1 MB/s (0.0 MP, 0.0 MB), peak resident memory 64 MiB")
        #expect(lines[3] == "stage    workers  files  failed  work s  mean ms  p50 ms  p95 ms  max ms  busy  waited s  blocked s")
        #expect(lines[4] == "read           1      1       0   0.001     1.00    1.00    1.00    1.00   10%     0.002      0.001")
        #expect(lines[5] == "decode         1      1       0   0.008     8.00    8.00    8.00    8.00   80%     0.002      0.001  <- bottleneck")
    }

    @Test func theTextSaysWhenEveryCoreWasBusy() {
        func cpuLine(_ seconds: Double) -> String {
            let report = ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 2, stages: [], timings: [],
                                       wall: 10_000 * Self.millisecond, peakResidentBytes: nil, cpuSeconds: seconds,
                                       processors: 2)
            return String(report.text.split(separator: "\n")[2])
        }
        #expect(cpuLine(19.5) == "cpu 19.5 s in 10.0 s: 1.95 of 2 cores busy (all: stage times include waiting for a core)")
        #expect(cpuLine(12) == "cpu 12.0 s in 10.0 s: 1.20 of 2 cores busy")
    }
}
