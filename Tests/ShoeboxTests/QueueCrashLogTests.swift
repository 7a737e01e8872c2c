import Foundation
import Glibc
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Two supervised queue workers on one library (PostgreSQL: queue workers share the library's
/// lock, SQLite's is exclusive). Each supervised ingest has a crash log of its own, so a
/// worker that starts while another's child lies dead on a file does not record that file;
/// the other's supervisor names it and its next child records it. docs/RELIABILITY.md.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct QueueCrashLogTests {
    /// The race made to happen in order, without sleeps: worker A's supervisor is stopped
    /// (SIGSTOP) while its child works through 200 files towards the one that crashes it; the
    /// test waits (inotify) until a crash log in the library is written, starts worker B and
    /// waits for B's first file (B records earlier crashes before it walks), stops B, and only
    /// then lets A's supervisor go on. With one shared `crash.log`, B recorded A's crash and
    /// emptied the log, and A's supervisor found no file to name and gave up.
    @Test func aCrashIsNamedByItsOwnWorkerAndNotRecordedByAnotherStartingMeanwhile() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let rootA = try QueueIngestTests.distinctJPEGs(200, in: folder)
        try FileManager.default.copyItem(at: Fixtures.sample("panorama.jpg"), to: rootA.appendingPathComponent("zz-crash.jpg"))
        let crashing = IngestPipeline.resolve(rootA.appendingPathComponent("zz-crash.jpg").path)
        let rootB = try folder.folder("other", copying: [Fixtures.sample("tall.jpg")])
        func worker(_ root: URL, _ environment: [String: String] = [:]) throws -> WorkerProcess {
            try WorkerProcess(["ingest", root.path, "--library", library, "--catalog", uri, "--jobs", "1", "--json", "--lease", "15"],
                              environment: environment)
        }

        let a = try worker(rootA, ["SHOEBOX_TEST_CRASH_ON": "zz-crash"])
        #expect(a.waitForEvents("ingested", count: 1))
        let watch = try CrashLogWatch(library: library)
        a.signal(SIGSTOP)
        #expect(watch.waitForAWrite(seconds: 120), "A's child logged its crash")
        let b = try worker(rootB)
        #expect(b.waitForEvents("ingested", count: 1))
        b.signal(SIGTERM)
        let resultB = b.finish()
        a.signal(SIGCONT)
        let resultA = a.finish()

        #expect(!resultB.output.contains("\"crashed\""), "B recorded no crash: \(resultB.output)")
        #expect(!resultA.signalled && resultA.status == 1, "status \(resultA.status): \(resultA.errors)")
        #expect(resultA.errors.contains("shoebox: a C library crashed on \(crashing) (SIGABRT): recorded as crashed, the ingest goes on without it (restart 1)\n"))
        let asset = try #require(try PostgresCatalog(uri: uri).asset(path: crashing))
        #expect(asset.status == .failed && asset.errorClass == .crashed)
    }
}

/// Waits, through inotify, for a file named `crash...` in a library folder to be written.
final class CrashLogWatch {
    private let descriptor: Int32

    init(library: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, library, UInt32(IN_MODIFY)) >= 0 else {
            throw CocoaError(.fileReadUnknown)
        }
    }

    deinit { close(descriptor) }

    /// True once a crash log was written; false when `seconds` passed without one.
    func waitForAWrite(seconds: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&watched, 1, seconds * 1000) == 1 {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return false }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameBytes = buffer[(offset + MemoryLayout<inotify_event>.size)..<(offset + MemoryLayout<inotify_event>.size + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if name.hasPrefix("crash") { return true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return false
    }
}
