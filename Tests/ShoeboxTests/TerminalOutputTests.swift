import Foundation
import Testing
@testable import Shoebox

/// What the CLI prints stays one line per thing, whatever a file name or an argument holds:
/// control characters (a tab, a newline, ESC, DEL, the C1 controls) print as `\xHH`, so a
/// name cannot split a line nor drive the terminal. A path printed so is still the file's
/// text: `show` takes it back.
@Suite struct TerminalOutputTests {
    /// Files named with control characters, ingested; one of them broken.
    struct Inbox {
        let folder: TemporaryFolder
        let inbox: URL
        let library: String

        /// Each file's name on disk and the text `list` prints for it.
        static let names: [(name: String, printed: String)] = [
            ("tab\there.jpg", "tab\\x09here.jpg"),
            ("new\nline.jpg", "new\\x0aline.jpg"),
            ("esc\u{1B}[31mred.jpg", "esc\\x1b[31mred.jpg"),
            ("nel\u{85}csi\u{9B}del\u{7F}.jpg", "nel\\xc2\\x85csi\\xc2\\x9bdel\\x7f.jpg"),
            ("back\\\ttab.jpg", "back\\\\\\x09tab.jpg"),
            ("broken\nfile.jpg", "broken\\x0afile.jpg"),
        ]

        init() throws {
            folder = try TemporaryFolder()
            inbox = try folder.subfolder("inbox")
            library = folder.url.appendingPathComponent("library").path
            for (index, file) in Self.names.enumerated() {
                let source = file.name.hasPrefix("broken") ? "broken/truncated.jpg"
                    : ["panorama.jpg", "tall.jpg", "orientation/landscape_1.jpg", "orientation/landscape_6.jpg", "photo.webp"][index]
                try FileManager.default.copyItem(at: Fixtures.sample(source), to: inbox.appendingPathComponent(file.name))
            }
            _ = try ShoeboxBinary.run(["ingest", inbox.path, "--library", library])
        }
    }

    static let controlBytes: [UInt8] = Array(0x00...0x08) + Array(0x0B...0x1F) + [0x7F]

    @Test func listPrintsOneLinePerAssetWhateverItsNameHolds() throws {
        let inbox = try Inbox()

        let list = try ShoeboxBinary.run(["list", "--library", inbox.library])

        #expect(list.status == 0)
        let rows = list.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: "\t") }
        try #require(rows.map(\.count) == [6, 6, 6, 6, 6, 6], "one line of six columns per asset")
        let folder = IngestPipeline.resolve(inbox.inbox.path)
        #expect(rows.map { String($0[5]) }.sorted() == [
            "\(folder)/back\\\\\\x09tab.jpg",
            "\(folder)/broken\\x0afile.jpg  [damaged in decode: truncated: the JPEG data ends before its end-of-image marker]",
            "\(folder)/esc\\x1b[31mred.jpg",
            "\(folder)/nel\\xc2\\x85csi\\xc2\\x9bdel\\x7f.jpg",
            "\(folder)/new\\x0aline.jpg",
            "\(folder)/tab\\x09here.jpg",
        ])
        #expect(!list.output.utf8.contains { Self.controlBytes.contains($0) }, "no control byte but the tabs and newlines between columns and rows")
        #expect(!list.output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }

    /// What `list` prints for a path names its file for `show`.
    @Test func showFindsAnAssetByThePathListPrints() throws {
        let inbox = try Inbox()
        let folder = IngestPipeline.resolve(inbox.inbox.path)
        for file in Inbox.names {
            let printed = "\(folder)/\(file.printed)"
            let show = try ShoeboxBinary.run(["show", printed, "--library", inbox.library])
            #expect(show.status == 0, "\(printed)")
            let json = try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any]
            #expect(json?["path"] as? String == "\(folder)/\(file.name)")
        }
    }

    @Test func errorsEchoingAnArgumentEscapeItsControlCharacters() throws {
        let inbox = try Inbox()

        let command = try ShoeboxBinary.run(["frob\u{1B}[2J"])
        #expect(command.status == 64)
        #expect(command.errors.hasPrefix("Error: unknown command 'frob\\x1b[2J'\n\nOVERVIEW: "))

        let option = try ShoeboxBinary.run(["list", "--bogus\n\u{9B}31m"])
        #expect(option.status == 64)
        #expect(option.errors.hasPrefix("Error: unknown option --bogus\\x0a\\xc2\\x9b31m (to pass an argument that starts with -, put -- before it)\nUsage: shoebox list "))

        let asset = try ShoeboxBinary.run(["show", "/no/such\u{1B}[31m.jpg", "--library", inbox.library])
        #expect(asset.status == 1)
        #expect(asset.errors == "Error: no asset /no/such\\x1b[31m.jpg in \(inbox.library)/catalog.sqlite\n")

        let library = try ShoeboxBinary.run(["list", "--library", "/nonexistent/\u{1B}[31mlibrary\n"])
        #expect(library.status == 64)
        #expect(library.errors.hasPrefix("Error: no library at /nonexistent/\\x1b[31mlibrary\\x0a (run `shoebox ingest` first"))

        let album = try ShoeboxBinary.run(["album", "add", "Trip\u{1B}[31m", "1", "--library", inbox.library])
        #expect(album.status == 1)
        #expect(album.errors.hasPrefix("Error: ") && album.errors.contains("Trip\\x1b[31m"))
        #expect(!album.errors.contains("\u{1B}"))
    }

    /// A folder album is titled by its folder's name, which may hold a newline.
    @Test func albumsPrintsOneLinePerAlbum() throws {
        let folder = try TemporaryFolder()
        let root = try folder.subfolder("photos")
        _ = try folder.folder("photos/new\nyear", copying: [Fixtures.sample("panorama.jpg")])
        let library = folder.url.appendingPathComponent("library").path
        _ = try ShoeboxBinary.run(["ingest", root.path, "--library", library])

        let albums = try ShoeboxBinary.run(["albums", "--library", library])

        #expect(albums.output.hasSuffix("\n0\tsmart\tBursts\tempty\t-\n1\tsmart\tRecently Added\tphoto 1\t1\n0\tsmart\tHidden\tempty\t-\n1\tfolder\tnew\\x0ayear\tphoto 1\t1\n"))
    }

    /// Without supervision the watchdog itself (C) names the file over its budget on stderr.
    @Test func theWatchdogNamesAFileOnOneLine() throws {
        let batch = try CrashGuardTests.Batch(trouble: ["stuck\u{1B}[31m\tname.jpg"])
        let pipelineFile = try batch.pipelineWithOneSecondBudget()

        let stuck = try batch.ingest(["--no-supervise", "--pipeline", pipelineFile.path], environment: ["SHOEBOX_TEST_HANG_ON": "stuck"])

        #expect(stuck.status == 124)
        #expect(stuck.errors.hasSuffix("shoebox: stopped: a file went over its time budget: \(IngestPipeline.resolve(batch.root.path))"
                                       + "/stuck\\x1b[31m\\x09name.jpg (recorded as timeout; run the same ingest again to go on)\n"))
    }
}
