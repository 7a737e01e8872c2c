import Foundation
import Testing
@testable import Shoebox

/// `profile --compare`: a contender's time against the reference's, round by round, so that
/// what the machine did in a round falls on both of its runs.
@Suite struct PairedRatiosTests {
    static let ms: UInt64 = 1_000_000

    /// A run of one JPEG (`jpeg` ms in decode) and, when given, one HEIC, in `wall` ms.
    static func run(_ pipeline: String, wall: UInt64, jpeg: UInt64, heic: UInt64? = nil) -> ProfileReport {
        var timings: [StageTiming] = []
        for (path, format, work) in [("/p/a.jpg", MediaFormat.jpeg, jpeg)] + (heic.map { [("/p/b.heic", .heic, $0)] } ?? []) {
            timings.append(StageTiming(stage: "decode", worker: 0, path: path, outcome: .passed, format: format, start: 0, work: work * ms))
            timings.append(StageTiming(stage: SinkTimer.stage, worker: 0, path: path, outcome: .passed, format: format, start: 0, work: 0))
        }
        return ProfileReport(pipeline: pipeline, mode: "ingest", decodeWorkers: 1, stages: [("decode", 1), (SinkTimer.stage, 1)],
                             timings: timings, wall: wall * ms, peakResidentBytes: nil)
    }

    /// Round 2 ran on a busier machine: both runs slower, the ratio as in round 1.
    @Test func aRoundsRatioCancelsWhatTheMachineDidThen() {
        let reference = [Self.run("default", wall: 100, jpeg: 80), Self.run("default", wall: 200, jpeg: 160)]
        let contender = [Self.run("bench-256", wall: 50, jpeg: 40), Self.run("bench-256", wall: 100, jpeg: 80)]
        let ratios = PairedRatios(contender: contender, reference: reference)
        #expect(ratios.wallSeconds == Spread(median: 0.5, min: 0.5, max: 0.5))
        #expect(ratios.stages.map(\.name) == ["decode"])   // the sink took no time: no ratio
        #expect(ratios.stages[0].ratio == Spread(median: 0.5, min: 0.5, max: 0.5))
        #expect(ratios.formats.map(\.name) == ["jpeg"])
        #expect(ratios.formats[0].ratio == Spread(median: 0.5, min: 0.5, max: 0.5))
    }

    @Test func theSpreadIsOverTheRoundsRatios() {
        let reference = [Self.run("a", wall: 100, jpeg: 100), Self.run("a", wall: 100, jpeg: 100), Self.run("a", wall: 100, jpeg: 100)]
        let contender = [Self.run("b", wall: 90, jpeg: 90), Self.run("b", wall: 120, jpeg: 120), Self.run("b", wall: 100, jpeg: 100)]
        #expect(PairedRatios(contender: contender, reference: reference).wallSeconds == Spread(median: 1, min: 0.9, max: 1.2))
    }

    /// A format the contender decoded in no run has no ratio; one it decoded in some rounds
    /// has the ratios of those rounds.
    @Test func aFormatMissingFromARoundHasNoRatioThere() {
        let reference = [Self.run("a", wall: 100, jpeg: 50, heic: 50), Self.run("a", wall: 100, jpeg: 50, heic: 50)]
        let contender = [Self.run("b", wall: 100, jpeg: 50), Self.run("b", wall: 100, jpeg: 50, heic: 25)]
        let ratios = PairedRatios(contender: contender, reference: reference)
        #expect(ratios.formats.map(\.name) == ["jpeg", "heic"])
        #expect(ratios.formats[1].ratio == Spread(median: 0.6667, min: 0.6667, max: 0.6667))
    }

    @Test func theMatchupIsEachContendersMedianRunAndItsRatios() {
        let matchup = ProfileMatchup(runs: [
            [Self.run("default", wall: 100, jpeg: 80), Self.run("default", wall: 120, jpeg: 90), Self.run("default", wall: 110, jpeg: 85)],
            [Self.run("bench-256", wall: 50, jpeg: 40), Self.run("bench-256", wall: 66, jpeg: 45), Self.run("bench-256", wall: 55, jpeg: 42)],
        ])
        #expect(matchup.rounds == 3)
        #expect(matchup.contenders.map(\.pipeline) == ["default", "bench-256"])
        #expect(matchup.contenders.map(\.report.wallSeconds) == [0.11, 0.055])
        #expect(matchup.contenders[0].ratios == nil)
        #expect(matchup.contenders[1].ratios?.wallSeconds == Spread(median: 0.5, min: 0.5, max: 0.55))
        #expect(matchup.text.contains("\nwall           0.50 (0.50-0.55)\nstage decode   0.50 (0.49-0.50)\n"))
    }
}
