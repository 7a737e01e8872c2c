import Foundation
import Testing
@testable import Shoebox

/// `profile --baseline`: time per file of what carries the run, against a saved profile of the
/// same files and pipeline; slower than the limit plus both profiles' noise is a regression.
@Suite struct ProfileComparisonTests {
    static let ms: UInt64 = 1_000_000
    static let context = ProfileContext(machine: "cpu, 2 cores, 24 GiB", fileSet: "2 files, 20 bytes, abc", pipelineDigest: "d1")

    /// Two JPEGs: `decode` and `thumbnail` ms each, and a 1 ms `read`.
    static func report(decode: UInt64, thumbnail: UInt64, context: ProfileContext? = context) -> ProfileReport {
        var timings: [StageTiming] = []
        for path in ["/p/a.jpg", "/p/b.jpg"] {
            for (stage, work) in [("read", UInt64(1)), ("decode", decode), ("thumbnail", thumbnail), (SinkTimer.stage, 0)] {
                timings.append(StageTiming(stage: stage, worker: 0, path: path, outcome: .passed, format: .jpeg, bytes: 10,
                                           start: 0, work: work * ms))
            }
        }
        var report = ProfileReport(pipeline: "default", mode: "ingest", decodeWorkers: 1,
                                   stages: [("read", 1), ("decode", 1), ("thumbnail", 1), (SinkTimer.stage, 1)],
                                   timings: timings, wall: (decode + thumbnail + 1) * 2 * ms, peakResidentBytes: nil)
        report.context = context
        return report
    }

    @Test func aStageSlowerThanTheLimitIsARegression() throws {
        let comparison = try ProfileComparison(current: Self.report(decode: 50, thumbnail: 30),
                                               baseline: Self.report(decode: 50, thumbnail: 20), maxSlowdown: 0.1)
        #expect(comparison.rows.map(\.name) == ["decode", "thumbnail", "jpeg"])
        #expect(comparison.rows.map(\.change) == [0, 0.5, 0.1409])
        #expect(comparison.regressions.map(\.name) == ["thumbnail", "jpeg"])
        #expect(comparison.text.hasSuffix("Slower than the baseline: stage thumbnail (+50.0%, allowed +10.0%), format jpeg (+14.1%, allowed +10.0%)"))
    }

    /// `read` holds 1 ms of 71: a hundredfold slower read would still not be judged.
    @Test func aStageWithLittleOfTheWorkIsNotJudged() throws {
        let comparison = try ProfileComparison(current: Self.report(decode: 50, thumbnail: 20),
                                               baseline: Self.report(decode: 50, thumbnail: 20), maxSlowdown: 0.1)
        #expect(!comparison.rows.map(\.name).contains("read"))
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.text.hasSuffix("Nothing is slower than the baseline allows."))
    }

    /// Each profile's repeats widen what is allowed by half their range over their median.
    @Test func theNoiseOfTheRepeatsIsAllowedFor() throws {
        var baseline = Self.report(decode: 50, thumbnail: 20)
        baseline.repeats = ProfileRepeats([Self.report(decode: 40, thumbnail: 16), baseline, Self.report(decode: 60, thumbnail: 24)])
        let current = Self.report(decode: 50, thumbnail: 24)
        let comparison = try ProfileComparison(current: current, baseline: baseline, maxSlowdown: 0.1)
        let thumbnail = try #require(comparison.rows.first { $0.name == "thumbnail" })
        #expect(thumbnail.change == 0.2)
        #expect(thumbnail.allowed == 0.3)
        #expect(!thumbnail.isSlower)
    }

    @Test func otherFilesOrAnotherPipelineCannotBeCompared() {
        let other = ProfileContext(machine: "cpu, 2 cores, 24 GiB", fileSet: "3 files, 30 bytes, def", pipelineDigest: "d1")
        #expect(throws: ProfileComparisonError.otherFiles(baseline: "2 files, 20 bytes, abc", current: "3 files, 30 bytes, def")) {
            try ProfileComparison(current: Self.report(decode: 1, thumbnail: 1, context: other),
                                  baseline: Self.report(decode: 1, thumbnail: 1), maxSlowdown: 0.1)
        }
        var renamed = Self.report(decode: 1, thumbnail: 1)
        renamed.pipeline = "bench-256"
        #expect(throws: ProfileComparisonError.otherPipeline(baseline: "default", current: "bench-256")) {
            try ProfileComparison(current: renamed, baseline: Self.report(decode: 1, thumbnail: 1), maxSlowdown: 0.1)
        }
        #expect(throws: ProfileComparisonError.noContext) {
            try ProfileComparison(current: Self.report(decode: 1, thumbnail: 1),
                                  baseline: Self.report(decode: 1, thumbnail: 1, context: nil), maxSlowdown: 0.1)
        }
    }

    @Test func anotherMachineOrChangedSettingsAreSaidNotRefused() throws {
        let elsewhere = ProfileContext(machine: "other cpu, 8 cores, 64 GiB", fileSet: "2 files, 20 bytes, abc", pipelineDigest: "d2")
        let comparison = try ProfileComparison(current: Self.report(decode: 50, thumbnail: 20, context: elsewhere),
                                               baseline: Self.report(decode: 50, thumbnail: 20), maxSlowdown: 0.1)
        #expect(comparison.notes == [
            "the baseline was measured on another machine (cpu, 2 cores, 24 GiB); this one is other cpu, 8 cores, 64 GiB: the figures differ for that too",
            "pipeline \"default\" has other settings than when the baseline was measured",
        ])
    }
}
