import Foundation
import Testing
@testable import Shoebox

/// The `shoebox` binary, run as a user runs it.
@Suite struct CommandLineTests {
    typealias Result = ShoeboxBinary.Result

    func shoebox(_ arguments: String...) throws -> Result {
        try ShoeboxBinary.run(arguments)
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["ingest", "list", "show"] {
            let result = try shoebox(command, "--help")
            #expect(result.status == 0)
            #expect(result.output.contains("USAGE: shoebox \(command)"))
            #expect(result.output.contains("OPTIONS:"))
        }
        #expect(try shoebox("--help").output.contains("SUBCOMMANDS:"))
    }

    /// A name with a newline would split its log line, an escape sequence would drive the
    /// terminal: both print as `\xHH`, one line a file.
    @Test func aFileNameWithControlCharactersLogsOnOneLine() throws {
        let folder = try TemporaryFolder()
        let inbox = try folder.subfolder("inbox")
        let name = "two\nlines\u{1B}[31mred.jpg"
        try FileManager.default.copyItem(at: Fixtures.sample("panorama.jpg"), to: inbox.appendingPathComponent(name))
        let result = try shoebox("ingest", inbox.path, "--library", folder.url.appendingPathComponent("library").path)
        #expect(result.status == 0)
        let line = try #require(result.errors.split(separator: "\n").first { $0.hasPrefix("ingested ") })
        #expect(line == "ingested \(inbox.path)/two\\x0alines\\x1b[31mred.jpg (photo, 1200x300)")
    }

    @Test func aUsageErrorExits64WithTheUsageLine() throws {
        let result = try shoebox("ingest", "--jobs", "zero", "samples")
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --jobs takes a whole number of at least 0, not \"zero\""))
        #expect(result.errors.contains("Usage: shoebox ingest PATH..."))
        #expect(try shoebox("frobnicate").status == 64)
        #expect(try shoebox("ingest").status == 64)
        let pipeline = try shoebox("ingest", "samples", "--pipeline", "no-such-pipeline")
        #expect(pipeline.status == 64 && pipeline.errors.hasPrefix("Error: no pipeline named \"no-such-pipeline\""))
    }

    @Test func aMistypedCommandIsNamed() throws {
        let result = try shoebox("ingst")
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: unknown command 'ingst' (did you mean 'ingest'?)\n"))
    }

    /// The names a person can give, not the folders searched.
    @Test func anUnknownPipelineListsThePipelinesAndTheNearestOne() throws {
        let result = try shoebox("ingest", "samples", "--pipeline", "defualt")
        #expect(result.status == 64)
        #expect(result.errors == "Error: no pipeline named \"defualt\" (did you mean \"default\"? "
            + "the pipelines are: bench-256, bench-thumb-preview, default, profile-decode)\n")
    }

    /// On a first ingest a typing slip is not a job: no library is made, no summary printed.
    @Test func anIngestOfOnlyMissingPathsIsRefusedBeforeALibraryIsMade() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library")
        let result = try shoebox("ingest", Fixtures.samples.path + "s", "--library", library.path)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors == "Error: there is no file or folder \(Fixtures.samples.path)s "
            + "(did you mean \(Fixtures.samples.path)?): nothing was ingested\n")
        #expect(!FileManager.default.fileExists(atPath: library.path))
    }

    /// Into a library that exists, a missing PATH may be an unmounted disk: the run reports it.
    @Test func aMissingPathIntoAnExistingLibraryFailsTheRunWithASummary() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try shoebox("ingest", try folder.subfolder("inbox").path, "--library", library)
        let result = try shoebox("ingest", "/nonexistent/photos", "--library", library)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("ingested 0, unchanged 0, "))
        #expect(result.errors.contains("warning: cannot open /nonexistent/photos: No such file or directory"))
    }

    @Test func aMissingPathBesideAnExistingOneFailsTheRun() throws {
        let folder = try TemporaryFolder()
        let inbox = try folder.subfolder("inbox")
        let result = try shoebox("ingest", inbox.path, "/nonexistent/photos", "--library", folder.url.appendingPathComponent("library").path)
        #expect(result.status == 1)
        #expect(result.errors.contains("warning: cannot open /nonexistent/photos: No such file or directory"))
    }

    @Test func aContactSheetIntoAMissingFolderIsRefusedInWords() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        let result = try shoebox("contact-sheet", "samples", "-o", "/missing/dir/x.jpg", "--library", library)
        #expect(result.status == 1)
        #expect(result.errors == "Error: cannot write -o /missing/dir/x.jpg: there is no folder /missing/dir (make it first, or name another file)\n")
    }

    @Test func ingestingTheSamplesReportsTheBrokenOnesAndExits1() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        let result = try shoebox("ingest", Fixtures.samples.path, "--library", library)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("ingested 42, unchanged 0, moved or touched 0, failed 2, still failed 0, skipped 1, newly missing 0"))
        #expect(result.errors.contains("failed \(Fixtures.samples.path)/broken/truncated.jpg: damaged: truncated"))
        let again = try shoebox("ingest", Fixtures.samples.path, "--library", library)
        #expect(again.output.hasPrefix("ingested 0, unchanged 42, moved or touched 0, failed 0, still failed 2, skipped 1"))
        #expect(again.status == 0)
    }

    @Test func listJSONHasEveryDocumentedField() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try shoebox("ingest", Fixtures.sample("orientation").path, "--library", library)
        let result = try shoebox("list", "--json", "--library", library)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[5].utf8)) as? [String: Any])
        for key in ["path", "kind", "width", "height", "orientation", "takenAt", "make", "model", "gps", "contentHash",
                    "status", "error", "thumbnails"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        #expect(object["path"] as? String == Fixtures.sample("orientation/landscape_6.jpg").path)
        #expect(object["kind"] as? String == "photo")
        #expect(object["width"] as? Int == 360 && object["height"] as? Int == 240)
        #expect(object["orientation"] as? Int == 6)
        let gps = try #require(object["gps"] as? [String: Double])
        #expect(gps == ["latitude": 48.8584, "longitude": 2.2945, "altitude": 35])
        let place = try #require(object["place"] as? [String: String])
        #expect(place == ["city": "Paris", "region": "Île-de-France", "country": "France", "countryCode": "FR", "timeZone": "Europe/Paris"])
        #expect(object["takenOffset"] as? Int == 7200 && object["takenOffsetSource"] as? String == "position")
        let moment = try #require(object["moment"] as? Int, "kept by the ingest")
        let listed = try shoebox("list", "--moment", "\(moment)", "--library", library).output
        #expect(listed.contains("\tlandscape_6.jpg") || listed.contains("/landscape_6.jpg"), "its moment holds it")
        let thumbnails = try #require(object["thumbnails"] as? [[String: Any]])
        #expect(thumbnails.map { $0["name"] as? String } == ["thumb", "preview"])
        #expect(thumbnails.allSatisfy { FileManager.default.fileExists(atPath: $0["path"] as? String ?? "") })
    }

    @Test func showFindsAnAssetByPathOrID() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try shoebox("ingest", Fixtures.sample("panorama.jpg").path, "--library", library)
        let byPath = try shoebox("show", Fixtures.sample("panorama.jpg").path, "--library", library)
        #expect(byPath.status == 0)
        #expect(byPath.output.contains("\"width\" : 1200"))
        #expect(try shoebox("show", "1", "--library", library).output == byPath.output)
        #expect(try shoebox("show", "999", "--library", library).status == 1)
    }

    @Test func listWithoutALibrarySaysSo() throws {
        let result = try shoebox("list", "--library", "/nonexistent/library")
        #expect(result.status == 64)
        #expect(result.errors.contains("no library at /nonexistent/library"))
    }
}
