import Foundation
import Testing
@testable import Shoebox

/// `shoebox profile`, run as a user runs it.
@Suite struct ProfileCommandTests {
    typealias Result = ShoeboxBinary.Result

    /// Runs `shoebox ARGUMENTS` with `$TMPDIR` set to `temporary` when given.
    func shoebox(_ arguments: [String], temporary: URL? = nil) throws -> Result {
        try ShoeboxBinary.run(arguments, environment: temporary.map { ["TMPDIR": $0.path] } ?? [:])
    }

    /// Copies of the thirteen clean samples.
    func photos(in folder: TemporaryFolder) throws -> String {
        try ProfileSamples.copies(of: ProfileSamples.good, in: folder)
    }

    @Test func profileHasHelp() throws {
        let result = try shoebox(["profile", "--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("OVERVIEW: Measure how fast the pipeline turns files into thumbnails, stage by stage."))
        #expect(result.output.contains("""
            USAGE: shoebox profile PATH... [--pipeline NAME|FILE] [--jobs N] [--repeat N] [--baseline FILE [--max-slowdown PCT]] \
            [--compare NAME|FILE]... [--compare-binary PATH] [--trace FILE] [--html FILE] [--json]
            """))
        for option in ["--pipeline NAME|FILE", "--jobs N", "--repeat N", "--baseline FILE", "--max-slowdown PCT", "--compare NAME|FILE", "--compare-binary PATH", "--trace FILE",
                       "--html FILE", "--json", "-h, --help"] {
            #expect(result.output.contains("\n  \(option) "), "\(option)")
        }
        #expect(try shoebox(["--help"]).output.contains("\n  profile "))
    }

    @Test func aUsageErrorExits64() throws {
        let noPath = try shoebox(["profile"])
        #expect(noPath.status == 64)
        #expect(noPath.errors.hasPrefix("Error: give at least one PATH to profile\nUsage: shoebox profile PATH..."))
        let jobs = try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--jobs", "-1"])
        #expect(jobs.status == 64 && jobs.errors.hasPrefix("Error: --jobs takes a whole number of at least 0, not \"-1\""))
        #expect(try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--library", "x"]).status == 64)
        #expect(try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--pipeline", "no-such-pipeline"]).status == 64)
        #expect(try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--trace"]).status == 64)
    }

    @Test func theTextReportShowsEveryStageAndTheBottleneck() throws {
        let folder = try TemporaryFolder()
        let result = try shoebox(["profile", try photos(in: folder), "--jobs", "2"], temporary: folder.url)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("13 files (13 ingested, 0 failed, 0 skipped) with pipeline \"default\", 2 decode workers, in "))
        #expect(lines[2].hasPrefix("cpu ") && lines[2].contains(" cores busy"))
        #expect(lines[3].hasPrefix("stage      workers  files  failed  work s  mean ms"))
        let stages = lines[4...12].map { $0.split(separator: " ").map(String.init) }
        #expect(stages.map { $0[0] } == ProfileRunTests.stages)
        #expect(stages.map { $0[2] } == Array(repeating: "13", count: 9))
        #expect(lines.filter { $0.hasSuffix("<- bottleneck") }.count == 1)
        let table = try #require(lines.firstIndex { $0.hasPrefix("format  files") })
        let formats = lines[(table + 1)...].prefix { !$0.hasPrefix("files, MP") }
        #expect(formats.map { $0.split(separator: " ")[1] } == ["10", "1", "1", "1"])
    }

    @Test func jsonIsOneDocumentWhoseNumbersAddUp() throws {
        let folder = try TemporaryFolder()
        let result = try shoebox(["profile", try photos(in: folder), "--json"], temporary: folder.url)
        #expect(result.status == 0)
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(result.output.utf8))
        #expect(report.files == 13 && report.pipeline == "default" && report.mode == "ingest")
        #expect(report.stages.map(\.files) == Array(repeating: 13, count: 9))
        #expect(report.formats.map(\.files).reduce(0, +) == 13)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object.keys.sorted() == ["bottleneck", "bytes", "bytesPerSecond", "context", "cpuSeconds", "crashes", "decodeWorkers", "failed",
                                         "files", "filesPerSecond", "formats", "ingested", "megapixels", "megapixelsPerSecond",
                                         "mode", "peakResidentBytes", "pipeline", "processes", "processors", "skipped", "stages",
                                         "wallSeconds"])
    }

    @Test func neitherProfileLeavesAFileBehindButTheTrace() throws {
        let folder = try TemporaryFolder()
        let photos = try photos(in: folder)
        let temporary = try folder.subfolder("tmp")
        let full = try shoebox(["profile", photos], temporary: temporary)
        #expect(full.status == 0 && full.errors.contains("in a throw-away library in \(temporary.path)/shoebox-profile-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        let decodeOnly = try shoebox(["profile", photos, "--pipeline", "profile-decode"], temporary: temporary)
        #expect(decodeOnly.status == 0 && decodeOnly.output.contains("with pipeline \"profile-decode\" (decode-only)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])

        let trace = folder.url.appendingPathComponent("run.trace.json")
        let traced = try shoebox(["profile", photos, "--pipeline", "profile-decode", "--trace", trace.path], temporary: temporary)
        #expect(traced.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any]
        let spans = (document?["traceEvents"] as? [[String: Any]])?.filter { $0["ph"] as? String == "X" && $0["cat"] as? String != "library" }
        #expect(spans?.count == 13 * 9)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func aPathThatDoesNotExistFailsTheProfile() throws {
        let folder = try TemporaryFolder()
        let result = try shoebox(["profile", "/nonexistent/photos", Fixtures.sample("panorama.jpg").path], temporary: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("warning: cannot open /nonexistent/photos: No such file or directory"))
        #expect(result.output.hasPrefix("1 file (1 ingested"))
    }

    /// A warm-up, then the runs, each said as it ends; failed files are named by the first run
    /// only; the report is the median run's, with every figure's spread.
    @Test func repeatedRunsReportTheMedianRunWithSpreads() throws {
        let folder = try TemporaryFolder()
        let photos = try photos(in: folder)
        try FileManager.default.copyItem(at: Fixtures.sample("broken/truncated.jpg"),
                                         to: URL(fileURLWithPath: photos).appendingPathComponent("truncated.jpg"))
        let result = try shoebox(["profile", photos, "--repeat", "3", "--json"], temporary: folder.url)
        #expect(result.status == 0)
        let progress = result.errors.split(separator: "\n").filter { $0.hasPrefix("warm-up run: ") || $0.hasPrefix("run ") }
        #expect(progress.map { $0.prefix { $0 != ":" } } == ["warm-up run", "run 1 of 3", "run 2 of 3", "run 3 of 3"])
        #expect(result.errors.components(separatedBy: "failed ").count - 1 == 1)
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(result.output.utf8))
        let repeats = try #require(report.repeats)
        #expect(repeats.runs == 3)
        #expect(repeats.stages.map(\.name) == ProfileRunTests.stages)
        #expect(repeats.wallSeconds.min <= report.wallSeconds && report.wallSeconds <= repeats.wallSeconds.max)
        #expect([report.files, report.ingested, report.failed] as [Int] == [14, 13, 1])
    }

    /// bench-256 makes one 256 px thumbnail where default makes it and a 1440 px preview: its
    /// thumbnail stage takes about a fifth of default's time per file, round after round.
    @Test func comparedPipelinesRunInTurnAndReportRatios() throws {
        let folder = try TemporaryFolder()
        let result = try shoebox(["profile", try photos(in: folder), "--compare", "bench-256", "--repeat", "2", "--json"],
                                 temporary: folder.url)
        #expect(result.status == 0)
        let rounds = result.errors.split(separator: "\n").filter { $0.hasPrefix("warm-up round") || $0.hasPrefix("round ") }
        #expect(rounds.map { $0.prefix { $0 != ":" } } == [
            "warm-up round, \"default\"", "warm-up round, \"bench-256\"", "round 1 of 2, \"default\"",
            "round 1 of 2, \"bench-256\"", "round 2 of 2, \"default\"", "round 2 of 2, \"bench-256\"",
        ])
        let matchup = try JSONDecoder().decode(ProfileMatchup.self, from: Data(result.output.utf8))
        #expect(matchup.rounds == 2)
        #expect(matchup.contenders.map(\.pipeline) == ["default", "bench-256"])
        #expect(matchup.contenders.map(\.report.files) == [13, 13])
        let thumbnail = try #require(matchup.contenders[1].ratios?.stages.first { $0.name == "thumbnail" })
        #expect(thumbnail.ratio.median < 1)
    }

    /// The 13 photos: 10 JPEGs, a PNG, a WebP, a HEIC. Each stage's and format's time is put
    /// down to the libraries that did the work, and the trace nests them in the file's span.
    @Test func theWorkIsPutDownToItsLibraries() throws {
        let folder = try TemporaryFolder()
        let trace = folder.url.appendingPathComponent("run.json")
        let result = try shoebox(["profile", try photos(in: folder), "--json", "--trace", trace.path], temporary: folder.url)
        #expect(result.status == 0)
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(result.output.utf8))
        let decode = try #require(report.stages.first { $0.name == "decode" })
        #expect(decode.librarySeconds["libvips"] ?? 0 > 0)
        #expect(decode.librarySeconds.values.reduce(0, +) <= decode.workSeconds)
        let thumbnail = try #require(report.stages.first { $0.name == "thumbnail" })
        #expect(thumbnail.librarySeconds["libvips"] ?? 0 > 0)
        let jpeg = try #require(report.formats.first { $0.format == "jpeg" })
        #expect(jpeg.decodeLibraryMs.values.reduce(0, +) <= jpeg.decodeMeanMs ?? 0)
        #expect(!jpeg.decodeLibraryMs.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        #expect(events.contains { $0["cat"] as? String == "library" && $0["name"] as? String == "libvips" })
    }

    /// Two builds, here the same one twice: the other runs the same settings and its report
    /// is read from its own `profile --json`.
    @Test func anotherBuildIsComparedOnTheSameSettings() throws {
        let folder = try TemporaryFolder()
        let other = ShoeboxBinary.url.path
        let result = try shoebox(["profile", try photos(in: folder), "--pipeline", "bench-256", "--compare-binary", other,
                                  "--repeat", "1", "--json"], temporary: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        let matchup = try JSONDecoder().decode(ProfileMatchup.self, from: Data(result.output.utf8))
        #expect(matchup.contenders.map(\.name) == ["bench-256", "\(other) (bench-256)"])
        #expect(matchup.contenders.map(\.pipeline) == ["bench-256", "bench-256"])
        #expect(matchup.contenders.map(\.report.files) == [13, 13])
        #expect(matchup.contenders[1].ratios?.stages.map(\.name).contains("decode") == true)
    }

    @Test func anotherBuildMustBeAnExecutable() throws {
        let result = try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--compare-binary", "/nonexistent/shoebox"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --compare-binary needs a shoebox executable, and /nonexistent/shoebox is not one\n"))
    }

    /// The issue's own words: `--compare default bench-256 FOLDER`. A positional argument that
    /// is no file and is a pipeline is one more contender; the first listed is the reference.
    @Test func pipelinesToCompareMayFollowTheOption() throws {
        let folder = try TemporaryFolder()
        let result = try shoebox(["profile", "--repeat", "1", "--compare", "default", "bench-256", try photos(in: folder), "--json"],
                                 temporary: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        let matchup = try JSONDecoder().decode(ProfileMatchup.self, from: Data(result.output.utf8))
        #expect(matchup.contenders.map(\.name) == ["default", "bench-256"])
        #expect(matchup.contenders.map(\.report.files) == [13, 13])
        #expect(!result.errors.contains("warning: "))
    }

    @Test func aComparisonMakesNoTrace() throws {
        let result = try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--compare", "bench-256", "--trace", "/tmp/t.json"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --compare reports ratios only: --trace, --html and --baseline are for one pipeline\n"))
    }

    @Test func aRepeatOfNoRunIsAUsageError() throws {
        let result = try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--repeat", "0"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --repeat takes a whole number of at least 1, not \"0\""))
    }

    /// A page or trace that cannot be written is found before the run, not after it.
    @Test func aPageIntoAMissingFolderIsRefusedBeforeTheRun() throws {
        let folder = try TemporaryFolder()
        let page = folder.url.appendingPathComponent("no-such-folder/profile.html").path
        let result = try shoebox(["profile", Fixtures.sample("panorama.jpg").path, "--html", page], temporary: folder.url)
        #expect(result.status == 1)
        #expect(result.errors == "Error: cannot write --html \(page): there is no folder \(folder.url.path)/no-such-folder "
                + "(make it first, or name another file)\n")
        #expect(result.output == "")
    }

    @Test func ingestRefusesADecodeOnlyPipeline() throws {
        let folder = try TemporaryFolder()
        let result = try shoebox(["ingest", Fixtures.sample("panorama.jpg").path, "--pipeline", "profile-decode",
                                  "--library", folder.url.appendingPathComponent("library").path])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: pipeline \"profile-decode\" is decode-only"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("library").path))
    }
}
