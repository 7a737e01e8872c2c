import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What `shoebox ingest` tells a person and a batch job: a progress bar on a terminal (run
/// here through a pseudo-terminal), plain lines elsewhere, `--json` lines for scripts and
/// `--quiet` for cron.
@Suite struct IngestOutputTests {
    @Test func onATerminalTheProgressIsOneLineRedrawnEndingAtAFullBar() throws {
        let library = try TemporaryFolder()
        let run = try Terminal.run(["ingest", Fixtures.sample("orientation").path, "--library", library.url.path])
        #expect(run.status == 0)
        #expect(run.text.contains("\r\u{1B}[K[####################]  100%  8/8 files"))
        #expect(!run.text.contains("ingested /"))
    }

    @Test func withNoColorATerminalGetsPlainLinesWithoutEscapeCodes() throws {
        let library = try TemporaryFolder()
        let run = try Terminal.run(["ingest", Fixtures.sample("orientation").path, "--library", library.url.path],
                                   environment: ["NO_COLOR": "1"])
        #expect(run.status == 0)
        #expect(!run.text.contains("\u{1B}"))
        #expect(run.text.contains("ingested \(Fixtures.sample("orientation/landscape_3.jpg").path) (photo, 360x240)"))
    }

    @Test func jsonReportsEveryOutcomeThenASummary() throws {
        let batch = try Batch()
        let run = try batch.ingest(["--json"])
        #expect(run.status == 1)
        let lines = try JSONLines(run.output)
        #expect(lines.events == [
            ["event": "failed", "path": batch.path("broken.jpg"), "class": "damaged", "stage": "decode",
             "reason": "truncated: the JPEG data ends before its end-of-image marker"],
            ["event": "skipped", "path": batch.path("notes.txt"), "reason": "not a media file (by content and name)"],
            ["event": "ingested", "path": batch.path("photo.jpg"), "kind": "photo", "width": "360", "height": "240"],
        ])
        #expect(lines.summary["ingested"] == "1" && lines.summary["failed"] == "1" && lines.summary["skipped"] == "1")
        #expect(lines.summary["status"] == "1")
    }

    @Test func jsonReportsUnchangedStillFailedAndMissingFiles() throws {
        let batch = try Batch()
        _ = try batch.ingest([])
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_2.jpg"),
                                         to: batch.root.appendingPathComponent("second.jpg"))
        _ = try batch.ingest([])
        try FileManager.default.removeItem(at: batch.root.appendingPathComponent("second.jpg"))
        let lines = try JSONLines(try batch.ingest(["--json"]).output)
        #expect(lines.events.map { [$0["event"], $0["path"]] } == [
            ["stillFailed", batch.path("broken.jpg")],
            ["skipped", batch.path("notes.txt")],
            ["unchanged", batch.path("photo.jpg")],
            ["missing", batch.path("second.jpg")],
        ])
        #expect(lines.summary["missing"] == "1" && lines.summary["unchanged"] == "1" && lines.summary["stillFailed"] == "1")
        #expect(lines.summary["status"] == "0")
    }

    @Test func quietPrintsOnlyFailuresAndTheSummary() throws {
        let batch = try Batch()
        let run = try batch.ingest(["--quiet"])
        #expect(run.status == 1)
        #expect(run.errors == "failed \(batch.path("broken.jpg")): damaged: truncated: the JPEG data ends before its end-of-image marker\n")
        #expect(run.output.hasPrefix("ingested 1, unchanged 0, moved or touched 0, failed 1, still failed 0, skipped 1, newly missing 0 in "))
    }

    /// A folder with a photo, a truncated JPEG and a text file, and a library beside it.
    struct Batch {
        let folder: TemporaryFolder
        let root: URL
        let library: URL

        init() throws {
            folder = try TemporaryFolder()
            root = try folder.subfolder("photos")
            library = folder.url.appendingPathComponent("library")
            try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: root.appendingPathComponent("photo.jpg"))
            try FileManager.default.copyItem(at: Fixtures.sample("broken/truncated.jpg"), to: root.appendingPathComponent("broken.jpg"))
            try Data("shopping list\n".utf8).write(to: root.appendingPathComponent("notes.txt"))
        }

        func path(_ name: String) -> String { root.appendingPathComponent(name).path }

        func ingest(_ options: [String]) throws -> ShoeboxBinary.Result {
            try ShoeboxBinary.run(["ingest", root.path, "--library", library.path] + options)
        }
    }

    /// `--json` output: the file events sorted by path, every value as text, and the summary.
    struct JSONLines {
        var events: [[String: String]] = []
        var summary: [String: String] = [:]

        init(_ output: String) throws {
            for line in output.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let texts = object.compactMapValues { value -> String? in
                    value is [Any] || value is NSNull ? nil : "\(value)"
                }
                if texts["event"] == "summary" { summary = texts } else { events.append(texts) }
            }
            events.sort { ($0["path"] ?? "") < ($1["path"] ?? "") }
        }
    }
}

/// Runs `shoebox` with its standard error on a pseudo-terminal 120 columns wide (standard
/// output on a pipe), and returns everything the terminal received.
enum Terminal {
    struct Run {
        var status: Int32
        var text: String
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        // posix_openpt and friends are not in Swift's Glibc module: the same through
        // /dev/ptmx and Linux's ioctls (TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned)).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0, "no pseudo-terminal: errno \(errno)")
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        let terminal = try #require(FileHandle(forUpdatingAtPath: "/dev/pts/\(number)"))
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal.fileDescriptor, UInt(TIOCSWINSZ), &size)
        let process = try ShoeboxBinary.process(arguments)
        process.environment?["NO_COLOR"] = nil   // `swift test` sets it; a test that wants it says so
        process.environment?.merge(["TERM": "xterm"].merging(environment) { $1 }) { $1 }
        process.standardError = terminal
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try terminal.close()   // the child holds its own copy: reading ends when it exits
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }   // EIO once the child's end is closed
            received.append(contentsOf: buffer[0..<count])
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus, text: String(decoding: received, as: UTF8.self))
    }
}
