import Foundation
import Testing
@testable import Shoebox

/// `profile --repeat N`: every figure as its median and range over the runs, and the median
/// run (by wall time) the one the report, the trace and the page show.
@Suite struct ProfileRepeatsTests {
    static let ms: UInt64 = 1_000_000

    /// A run of two JPEGs and a HEIC whose decodes took `jpeg` and `heic` ms, in `wall` ms.
    static func report(wall: UInt64, jpeg: UInt64, heic: UInt64?) -> ProfileReport {
        var timings: [StageTiming] = []
        for (path, format, work) in [("/p/a.jpg", MediaFormat.jpeg, jpeg), ("/p/b.jpg", .jpeg, jpeg), ("/p/c.heic", .heic, heic ?? 1)] {
            let failure: ErrorClass? = format == .heic && heic == nil ? .damaged : nil
            for stage in ["decode", SinkTimer.stage] {
                timings.append(StageTiming(stage: stage, worker: 0, path: path, outcome: failure == nil ? .passed : .failed,
                                           format: format, pixelSize: PixelSize(width: 1000, height: 1000), bytes: 10,
                                           failure: failure, start: 0, work: stage == "decode" ? work * ms : 0))
            }
        }
        return ProfileReport(pipeline: "p", mode: "ingest", decodeWorkers: 1, stages: [("decode", 1), (SinkTimer.stage, 1)],
                             timings: timings, wall: wall * ms, peakResidentBytes: Int64(wall) << 20, cpuSeconds: Double(wall) / 500)
    }

    @Test func aSpreadIsTheMedianAndTheRange() {
        #expect(Spread([3, 1, 2]) == Spread(median: 2, min: 1, max: 3))
        #expect(Spread([4, 1, 2, 3]) == Spread(median: 2.5, min: 1, max: 4))
        #expect(Spread([7]) == Spread(median: 7, min: 7, max: 7))
        #expect(Spread([]) == nil)
        #expect(Spread([90, 100, 110])?.relativeRange == 0.2)
    }

    /// Of an even count, the lower of the two middle runs: a run that happened.
    @Test func theMedianRunIsTheOneWithTheMedianWallTime() {
        #expect(ProfileRepeats.medianRun([3, 1, 2]) == 2)
        #expect(ProfileRepeats.medianRun([4, 1, 3, 2]) == 3)
        #expect(ProfileRepeats.medianRun([5, 5, 5]) == 1)
    }

    @Test func everyFigureIsSpreadOverTheRuns() {
        let reports = [Self.report(wall: 100, jpeg: 10, heic: 50), Self.report(wall: 120, jpeg: 12, heic: 60),
                       Self.report(wall: 90, jpeg: 9, heic: 45)]
        let repeats = ProfileRepeats(reports)
        #expect(repeats.runs == 3)
        #expect(repeats.medianRun == 0)
        #expect(repeats.wallSeconds == Spread(median: 0.1, min: 0.09, max: 0.12))
        #expect(repeats.cpuSeconds == Spread(median: 0.2, min: 0.18, max: 0.24))
        #expect(repeats.peakResidentBytes == Spread(median: 104_857_600, min: 94_371_840, max: 125_829_120))
        #expect(repeats.stages.map(\.name) == ["decode", SinkTimer.stage])
        #expect(repeats.stages[0].meanMs == Spread(median: 23.333, min: 21, max: 28))
        #expect(repeats.formats.map(\.format) == ["jpeg", "heic"])
        #expect(repeats.formats.map(\.decodeMeanMs) == [Spread(median: 10, min: 9, max: 12), Spread(median: 50, min: 45, max: 60)])
    }

    /// A format none of whose files decoded in a run has no rate there: its spread is over the
    /// runs that had one.
    @Test func aFormatWithoutARateInARunIsSpreadOverTheOthers() {
        let repeats = ProfileRepeats([Self.report(wall: 100, jpeg: 10, heic: nil), Self.report(wall: 100, jpeg: 10, heic: 40)])
        #expect(repeats.formats.map(\.decodeMeanMs) == [Spread(median: 10, min: 10, max: 10), Spread(median: 40, min: 40, max: 40)])
        let none = ProfileRepeats([Self.report(wall: 100, jpeg: 10, heic: nil)])
        #expect(none.formats.map(\.filesPerSecond?.median) == [none.formats[0].filesPerSecond?.median, nil])
    }
}
