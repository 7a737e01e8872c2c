import Foundation
import Testing
@testable import Shoebox

/// `PipelineProfiler` over the samples: the real pipeline, measured, into nothing the user owns.
@Suite struct ProfileRunTests {
    static let stages = ["discover", "plan", "read", "match", "decode", "orient", "classify", "thumbnail", "catalog"]

    static func profile(_ roots: [String], pipeline: String = "default", scratch: URL) throws -> PipelineProfiler.Run {
        let configuration = try PipelineConfiguration.load(from: Fixtures.repository.appendingPathComponent("pipelines/\(pipeline).json"))
        return try PipelineProfiler(configuration: configuration, jobs: 2, scratchFolder: scratch).run(roots: roots)
    }

    @Test func theReportsNumbersAddUp() throws {
        let folder = try TemporaryFolder()
        let photos = try ProfileSamples.copies(of: ProfileSamples.good, in: folder)
        let report = try Self.profile([photos], scratch: folder.url.appendingPathComponent("scratch")).report
        #expect(report.files == 13 && report.ingested == 13 && report.failed == 0 && report.skipped == 0)
        #expect(report.stages.map(\.name) == Self.stages)
        #expect(report.stages.map(\.files) == Array(repeating: 13, count: 9))
        #expect(report.stages.map(\.workers) == [1, 1, 1, 1, 2, 1, 1, 2, 1])
        #expect(report.formats.map(\.format) == ["jpeg", "png", "webp", "heic"])
        #expect(report.formats.map(\.files) == [10, 1, 1, 1])
        #expect(report.formats.map(\.files).reduce(0, +) == report.files)
        // 8 x 360x240, 1200x300, 60x600, 390x844, 320x240, 480x320 (stored sizes, from the headers).
        #expect(report.megapixels == 1.64676)
        #expect(report.formats.map(\.megapixels) == [1.0872, 0.32916, 0.0768, 0.1536])
        #expect(report.bytes == 77_807)
        #expect(abs(report.formats.map(\.shareOfWork).reduce(0, +) - 1) < 0.001)
        for stage in report.stages {
            #expect(stage.p50Ms <= stage.p95Ms && stage.p95Ms <= stage.maxMs, "\(stage.name)")
            #expect(abs(stage.meanMs * Double(stage.files) / 1000 - stage.workSeconds) < 0.0001, "\(stage.name)")
            #expect(stage.busy >= 0 && stage.busy <= 1.05, "\(stage.name)")
        }
        #expect(report.wallSeconds > 0 && report.filesPerSecond > 0)
        #expect((report.peakResidentBytes ?? 0) > 1 << 20)
        #expect((report.cpuSeconds ?? 0) > 0 && report.processors > 0)
    }

    @Test func failedAndSkippedFilesAreCountedWhereTheyStopped() throws {
        let folder = try TemporaryFolder()
        let photos = try ProfileSamples.copies(of: ProfileSamples.mixed, in: folder)
        let report = try Self.profile([photos], scratch: folder.url.appendingPathComponent("scratch")).report
        #expect(report.files == 15 && report.ingested == 13 && report.failed == 2 && report.skipped == 1)
        // README.md is skipped by read, not-an-image.jpg fails in read, truncated.jpg in decode.
        #expect(report.stages.map(\.files) == [16, 16, 16, 14, 14, 13, 13, 13, 16])
        #expect(report.stages.map(\.failed) == [0, 0, 1, 0, 1, 0, 0, 0, 0])
        #expect(report.formats.map(\.format) == ["jpeg", "png", "webp", "heic", "unknown"])
        #expect(report.formats.map(\.files) == [11, 1, 1, 1, 1])
        #expect(report.formats.map(\.files).reduce(0, +) == report.files)
    }

    @Test func theTraceHoldsOneSpanPerFilePerStage() throws {
        let folder = try TemporaryFolder()
        let photos = try ProfileSamples.copies(of: ProfileSamples.good, in: folder)
        let run = try Self.profile([photos], scratch: folder.url.appendingPathComponent("scratch"))
        let document = try #require(try JSONSerialization.jsonObject(with: run.traceJSON()) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        // The files' spans; the libraries' spans nested in them are apart.
        let spans = events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String != "library" }
        #expect(spans.count == 13 * 9)
        var perFileAndStage: [String: Int] = [:]
        for span in spans {
            let path = try #require((span["args"] as? [String: Any])?["path"] as? String)
            perFileAndStage["\(span["cat"] as? String ?? "?") \(path)", default: 0] += 1
            #expect((span["ts"] as? Double ?? -1) >= 0 && (span["dur"] as? Double ?? -1) >= 0)
        }
        #expect(perFileAndStage.count == 13 * 9 && perFileAndStage.values.allSatisfy { $0 == 1 })
        #expect(Set(spans.compactMap { $0["cat"] as? String }) == Set(Self.stages))
        let panorama = IngestPipeline.resolve(photos + "/panorama.jpg")
        #expect(Self.stages.allSatisfy { perFileAndStage["\($0) \(panorama)"] == 1 })

        // One named track per worker: 1 + 1 + 1 + 1 + 2 (decode) + 1 + 1 + 2 (thumbnail) + 1.
        let names = events.filter { $0["name"] as? String == "thread_name" }
        let tracks = Dictionary(uniqueKeysWithValues: names.map { ($0["tid"] as! Int, ($0["args"] as! [String: Any])["name"] as! String) })
        #expect(tracks.values.sorted() == ["catalog", "classify", "decode #0", "decode #1", "discover", "match", "orient", "plan",
                                           "read", "thumbnail #0", "thumbnail #1"])
        #expect(spans.allSatisfy { tracks[$0["tid"] as? Int ?? -1] != nil })
    }

    @Test func aDecodeOnlyRunWritesNoFileAtAll() throws {
        let folder = try TemporaryFolder()
        let photos = try ProfileSamples.copies(of: ProfileSamples.mixed, in: folder)
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        let run = try Self.profile([photos], pipeline: "profile-decode", scratch: folder.url.appendingPathComponent("scratch"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(before.count == 17)  // photos/ and its sixteen files: no scratch folder, nothing else
        // It did decode everything an ingest decodes, and made nothing after that.
        #expect(run.report.mode == "decode-only")
        #expect(run.report.ingested == 13 && run.report.failed == 2)
        #expect(run.report.stages.first { $0.name == "decode" }?.files == 14)
        #expect(run.report.megapixels == 1.64676)  // the 13 (a file that fails in decode hands on no size)
    }

    @Test func anIngestProfileRemovesItsLibrary() throws {
        let folder = try TemporaryFolder()
        let scratch = folder.url.appendingPathComponent("scratch")
        let report = try Self.profile([Fixtures.sample("panorama.jpg").path], scratch: scratch).report
        #expect(report.ingested == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func theProfilerNeverTakesAFolderThatExists() throws {
        let folder = try TemporaryFolder()
        let mine = folder.url.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: mine)
        #expect(throws: (any Error).self) {
            try Self.profile([Fixtures.sample("panorama.jpg").path], scratch: folder.url)
        }
        #expect(FileManager.default.fileExists(atPath: mine.path))
    }
}
