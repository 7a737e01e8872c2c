import Foundation
import Testing
@testable import Shoebox

/// What an observer of the pipeline hears: every file, in every stage, once.
@Suite struct PipelineObserverTests {
    static let stages = ["discover", "plan", "read", "match", "decode", "orient", "classify", "thumbnail", "catalog"]

    func observedIngest(_ files: [String]) throws -> (ProfileRecorder, IngestSummary, TemporaryFolder) {
        let library = try TestLibrary()
        let photos = try library.folder.folder("photos", copying: files.map(Fixtures.sample))
        let recorder = ProfileRecorder()
        let pipeline = IngestPipeline(configuration: try Fixtures.pipeline(), catalog: library.catalog, library: library.library,
                                      options: IngestOptions(jobs: 2), observer: recorder)
        let summary = try pipeline.run(roots: [photos.path])
        return (recorder, summary, library.folder)
    }

    @Test func everyStageReportsEveryFileOnce() throws {
        let files = ["panorama.jpg", "tall.jpg", "screenshot.png", "photo.webp", "photo.heic"]
        let (recorder, summary, _) = try observedIngest(files)
        #expect(summary.ingested == 5)
        #expect(recorder.stageWorkers.map(\.name) == Self.stages)
        #expect(recorder.stageWorkers.map(\.workers) == [1, 1, 1, 1, 2, 1, 1, 2, 1])
        let timings = recorder.allTimings
        #expect(timings.count == 5 * 9)
        for stage in recorder.stageWorkers {
            let mine = timings.filter { $0.stage == stage.name }
            #expect(Set(mine.map { ($0.path as NSString).lastPathComponent }) == Set(files), "\(stage.name)")
            #expect(mine.allSatisfy { $0.worker < stage.workers && $0.outcome == .passed && $0.start >= recorder.origin })
        }
    }

    @Test func aTimingCarriesWhatTheStageKnewOfTheFile() throws {
        let (recorder, _, _) = try observedIngest(["panorama.jpg"])
        let timings = Dictionary(uniqueKeysWithValues: recorder.allTimings.map { ($0.stage, $0) })
        #expect(timings["plan"]?.format == nil)  // not read yet
        #expect(timings["read"]?.format == .jpeg && timings["read"]?.pixelSize == nil)
        #expect(timings["decode"]?.pixelSize == PixelSize(width: 1200, height: 300))
        #expect(timings["catalog"]?.format == .jpeg && timings["catalog"]?.pixelSize == PixelSize(width: 1200, height: 300))
        #expect(Set(recorder.allTimings.map(\.bytes)) == [20_547])
    }

    @Test func aFailureIsReportedByTheStageItHappenedIn() throws {
        let (recorder, summary, _) = try observedIngest(["panorama.jpg", "broken/truncated.jpg", "README.md"])
        #expect(summary.ingested == 1 && summary.failed == 1 && summary.skipped == 1)
        let truncated = recorder.allTimings.filter { $0.path.hasSuffix("/truncated.jpg") }
        #expect(truncated.map(\.stage).sorted() == ["catalog", "decode", "discover", "match", "plan", "read"])
        #expect(truncated.first { $0.stage == "decode" }?.outcome == .failed)
        #expect(truncated.first { $0.stage == "catalog" }?.outcome == .failed)
        let readme = recorder.allTimings.filter { $0.path.hasSuffix("/README.md") }
        #expect(readme.map(\.stage).sorted() == ["catalog", "discover", "plan", "read"])
        #expect(readme.first { $0.stage == "read" }?.outcome == .skipped)
    }
}
