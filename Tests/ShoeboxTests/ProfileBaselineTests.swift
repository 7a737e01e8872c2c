import Foundation
import Testing
@testable import Shoebox

/// `profile --baseline saved.json` as a CI job uses it: a report saved with `--json`, then the
/// same files profiled again. Unchanged, it passes; with the pipeline of the same name made to
/// do more work (an extra 4K rendition), it fails with status 2 and names what is slower.
@Suite struct ProfileBaselineTests {
    /// Three 6 MP photos (noise, so that decoding and encoding them is real work), the saved
    /// profile of them, and the folder for `$TMPDIR`.
    struct Saved {
        let folder: TemporaryFolder
        let photos: URL
        let baseline: URL

        init() throws {
            folder = try TemporaryFolder()
            photos = try folder.subfolder("photos")
            for index in 1...3 {
                try FixtureTool.run("vips", ["gaussnoise", photos.appendingPathComponent("noise-\(index).jpg").path, "3000", "2000"])
            }
            baseline = folder.url.appendingPathComponent("baseline.json")
            let saved = try profile(["--repeat", "3", "--json"])
            try #require(saved.status == 0, "\(saved.errors)")
            try Data(saved.output.utf8).write(to: baseline)
        }

        func profile(_ extra: [String]) throws -> ShoeboxBinary.Result {
            try ShoeboxBinary.run(["profile", photos.path, "--jobs", "1"] + extra, environment: ["TMPDIR": folder.url.path])
        }

        /// The default pipeline, same name, with a 3840 px rendition more.
        func pipelineDoingMore() throws -> URL {
            var pipeline = try Fixtures.pipeline()
            pipeline.thumbnails.append(ThumbnailSpec(name: "uhd", rule: .fit, width: 3840, height: 3840, quality: 90))
            let file = folder.url.appendingPathComponent("default-uhd.json")
            try JSONEncoder().encode(pipeline).write(to: file)
            return file
        }
    }

    @Test func theSavedReportSaysWhatItWasMeasuredOn() throws {
        let saved = try Saved()
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(contentsOf: saved.baseline))
        let context = try #require(report.context)
        #expect(context.fileSet.hasPrefix("3 files, "))
        #expect(context.machine.hasSuffix(" cores, \(Int((Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)).rounded())) GiB"))
        #expect(report.repeats?.runs == 3)
    }

    /// Judged with a wide limit (3x): the suite's other tests share the cores and move the
    /// medians too, and the regression below is about 7x (decode) and 8x (thumbnail) on a quiet machine.
    @Test func anUnchangedPipelinePasses() throws {
        let saved = try Saved()
        let run = try saved.profile(["--repeat", "3", "--baseline", saved.baseline.path, "--max-slowdown", "200"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\nAgainst the baseline, time per file (limit +200.0%, plus each profile's noise):\n"))
        #expect(run.output.hasSuffix("Nothing is slower than the baseline allows.\n"))
    }

    @Test func aPipelineDoingMoreWorkFailsNamingWhatIsSlower() throws {
        let saved = try Saved()
        let run = try saved.profile(["--repeat", "3", "--baseline", saved.baseline.path, "--max-slowdown", "200",
                                     "--pipeline", try saved.pipelineDoingMore().path])
        #expect(run.status == 2)
        #expect(run.output.contains("note: pipeline \"default\" has other settings than when the baseline was measured"))
        let verdict = try #require(run.output.split(separator: "\n").last)
        #expect(verdict.hasPrefix("Slower than the baseline: ") && verdict.contains("stage thumbnail ("))
    }

    @Test func otherFilesAreRefused() throws {
        let saved = try Saved()
        let run = try ShoeboxBinary.run(["profile", Fixtures.sample("panorama.jpg").path, "--baseline", saved.baseline.path],
                                        environment: ["TMPDIR": saved.folder.url.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Error: cannot compare with the baseline \(saved.baseline.path): the baseline was measured on other files (3 files, "))
    }

    @Test func aBaselineThatIsNotAProfileIsRefusedBeforeTheRun() throws {
        let folder = try TemporaryFolder()
        let notAProfile = folder.url.appendingPathComponent("other.json")
        try Data("{\"pipeline\": \"default\"}".utf8).write(to: notAProfile)
        let run = try ShoeboxBinary.run(["profile", Fixtures.sample("panorama.jpg").path, "--baseline", notAProfile.path])
        #expect(run.status == 1)
        #expect(run.errors == "Error: the baseline \(notAProfile.path) is not a report of shoebox profile --json (no \"mode\")\n")
    }
}
