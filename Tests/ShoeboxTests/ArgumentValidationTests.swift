import Foundation
import Testing
@testable import Shoebox

/// Every argument is checked before any work starts: a bad one ends the command with status
/// 64 and an `Error:` line naming it. Run as a user runs the binary, with `$HOME` in a
/// temporary folder, so a default library (`~/.local/share/shoebox`) would show.
@Suite struct ArgumentValidationTests {
    let folder: TemporaryFolder
    let home: URL
    let library: String

    init() throws {
        folder = try TemporaryFolder()
        home = try folder.subfolder("home")
        library = folder.url.appendingPathComponent("library").path
    }

    func shoebox(_ arguments: String..., environment: [String: String] = [:]) throws -> ShoeboxBinary.Result {
        try ShoeboxBinary.run(arguments, environment: environment.merging(["HOME": home.path]) { given, _ in given })
    }

    var defaultLibraryExists: Bool {
        FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/shoebox").path)
    }

    /// A library with the panorama in it, for the commands that read one.
    func ingestedLibrary() throws {
        #expect(try shoebox("ingest", Fixtures.sample("panorama.jpg").path, "--library", library).status == 0)
    }

    @Test func anEmptyLibraryIsAnErrorNotTheDefaultLibrary() throws {
        for arguments in [["--library", ""], ["--library="]] {
            let result = try ShoeboxBinary.run(["ingest", Fixtures.sample("panorama.jpg").path] + arguments,
                                               environment: ["HOME": home.path])
            #expect(result.status == 64)
            #expect(result.errors.hasPrefix("Error: --library needs a value, not an empty one\nUsage: shoebox ingest PATH..."))
        }
        #expect(!defaultLibraryExists)
    }

    /// `ingest ''` walked the current folder.
    @Test func anEmptyPathIsAnErrorNotTheCurrentFolder() throws {
        let result = try shoebox("ingest", "", "--library", library)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: argument 1 is empty: an empty PATH, title or ID names nothing\n"))
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test func anEmptyValueIsRefusedByEveryCommand() throws {
        try ingestedLibrary()
        let cases: [(arguments: [String], error: String)] = [
            (["profile", Fixtures.sample("panorama.jpg").path, "--pipeline", ""], "Error: --pipeline needs a value, not an empty one"),
            (["profile", Fixtures.sample("panorama.jpg").path, "--trace", ""], "Error: --trace needs a value, not an empty one"),
            (["list", "--library", library, "--sort", ""], "Error: --sort needs a value, not an empty one"),
            (["list", "--library", library, "--album="], "Error: --album needs a value, not an empty one"),
            (["show", "", "--library", library], "Error: argument 1 is empty"),
            (["albums", "--library", ""], "Error: --library needs a value, not an empty one"),
            (["album", "create", "--library", library, "--", ""], "Error: argument 5 is empty"),
            (["covers", "--library", library, "--size", ""], "Error: --size needs a value, not an empty one"),
            (["gallery", "--library", library, "--out", ""], "Error: --out needs a value, not an empty one"),
            (["contact-sheet", "", "-o", folder.path + "/sheet.jpg", "--library", library], "Error: argument 1 is empty"),
            (["duplicates", "--catalog="], "Error: --catalog needs a value, not an empty one"),
            (["metadata", ""], "Error: argument 1 is empty"),
            (["status", "--library", library, "--window", ""], "Error: --window needs a value, not an empty one"),
            (["gc", "--library", ""], "Error: --library needs a value, not an empty one"),
        ]
        for (arguments, error) in cases {
            let result = try ShoeboxBinary.run(arguments, environment: ["HOME": home.path])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errors.hasPrefix(error), "\(arguments): \(result.errors)")
        }
        #expect(!defaultLibraryExists)
    }

    /// The common convention for environment variables: set but empty is unset.
    @Test func anEmptyShoeboxLibraryVariableMeansTheDefaultLibrary() throws {
        let result = try shoebox("list", environment: ["SHOEBOX_LIBRARY": ""])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: no library at \(home.path)/.local/share/shoebox"))
    }

    /// `--jobs 248` waited forever for threads, with no message.
    @Test func moreThan32JobsAreRefusedBeforeAnyWork() throws {
        let ingest = try shoebox("ingest", Fixtures.sample("panorama.jpg").path, "--library", library, "--jobs", "33")
        #expect(ingest.status == 64)
        #expect(ingest.errors.hasPrefix("Error: --jobs takes at most 32 (the most workers a stage may run), not \"33\"\n"))
        #expect(!FileManager.default.fileExists(atPath: library))
        let profile = try shoebox("profile", Fixtures.sample("panorama.jpg").path, "--jobs", "248")
        #expect(profile.status == 64)
        #expect(profile.errors.hasPrefix("Error: --jobs takes at most 32 (the most workers a stage may run), not \"248\"\n"))
        let most = try shoebox("ingest", Fixtures.sample("panorama.jpg").path, "--library", library, "--jobs", "32")
        #expect(most.status == 0 && most.errors.contains("32 decode workers"))
    }

    @Test func anImpossibleDateIsRefused() throws {
        try ingestedLibrary()
        let cases: [(option: String, date: String, error: String)] = [
            ("--since", "2024-13-45", "Error: --since takes a real date, not \"2024-13-45\": months run from 1 to 12, not 13"),
            ("--since", "2024-02-30",
             "Error: --since takes a real date, not \"2024-02-30\": the days of February 2024 run from 1 to 29, not 30"),
            ("--until", "2024-01-01T25:61", "Error: --until takes a real date, not \"2024-01-01T25:61\": hours run from 0 to 23, not 25"),
        ]
        for (option, date, error) in cases {
            let result = try shoebox("list", "--library", library, option, date)
            #expect(result.status == 64, "\(option) \(date)")
            #expect(result.errors.hasPrefix(error + "\n"), "\(option) \(date): \(result.errors)")
        }
        #expect(try shoebox("list", "--library", library, "--until", "2024-02-29T23:59:59").status == 0)
    }

    /// After `--`, `-h` is an album's title, not a request for help.
    @Test func afterTheEndOfOptionsEveryArgumentIsAnOperand() throws {
        try ingestedLibrary()
        for title in ["-h", "--help", "-x"] {
            let result = try shoebox("album", "create", "--library", library, "--", title)
            #expect(result.status == 0, "\(title)")
            #expect(result.output == "created user album \"\(title)\"\n")
        }
        let without = try shoebox("album", "create", "-x", "--library", library)
        #expect(without.status == 64)
        #expect(without.errors.hasPrefix("Error: unknown option -x (to pass an argument that starts with -, put -- before it)\n"))
    }

    /// An argument echoed in an `Error:` line shows its control characters as `\xHH`.
    @Test func anErrorLineNeverSendsControlCharactersToTheTerminal() throws {
        let result = try shoebox("list", "--\u{1B}[31mred")
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: unknown option --\\x1b[31mred "))
        #expect(!result.errors.contains("\u{1B}"))
    }

    /// The commands added after the trust work check their numbers before the catalog is
    /// opened (which may upgrade an older one), as every other command does: with no library
    /// there, the number is what the error names.
    @Test func newerCommandsCheckTheirNumbersBeforeOpeningTheCatalog() throws {
        let cases: [(arguments: [String], error: String)] = [
            (["contact-sheet", "Trip", "-o", folder.path + "/sheet.jpg", "--columns", "0"],
             "Error: --columns must be a whole number from 1 to 20 (got 0)\n"),
            (["contact-sheet", "Trip", "-o", folder.path + "/sheet.jpg", "--rows", "41"],
             "Error: --rows must be a whole number from 1 to 40 (got 41)\n"),
            (["gallery", "--out", folder.path + "/gallery", "--page-size", "10"],
             "Error: --page-size must be a whole number from 50 to 5000 (got 10)\n"),
            (["status", "--window", "0"], "Error: --window takes whole minutes from 1 to 10080, not 0\n"),
        ]
        for (arguments, error) in cases {
            let result = try ShoeboxBinary.run(arguments + ["--library", library], environment: ["HOME": home.path])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errors.hasPrefix(error), "\(arguments): \(result.errors)")
        }
    }

    /// A file or folder the user named, printed back on standard output, keeps to its line.
    @Test func newerCommandsPrintTheGivenPathsOnOneLine() throws {
        try ingestedLibrary()
        let sheet = folder.path + "/a\nb\u{1B}[2J.jpg"
        let sheetRun = try shoebox("contact-sheet", "samples", "--library", library, "-o", sheet)
        #expect(sheetRun.status == 0)
        #expect(sheetRun.output == folder.path + "/a\\x0ab\\x1b[2J.jpg\n")
        let gallery = try shoebox("gallery", "--library", library, "--out", folder.path + "/g\u{1B}[2J", "--no-video")
        #expect(gallery.status == 0)
        #expect(gallery.output.hasPrefix("gallery in \(folder.path)/g\\x1b[2J: "))
        #expect(!gallery.output.contains("\u{1B}") && gallery.output.split(separator: "\n").count == 1)
    }
}
