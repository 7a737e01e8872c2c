import Foundation
import Glibc
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A supervised ingest's own crash log (`crash-<16 hex>.log`) outlives neither its supervisor
/// nor what it names: a supervisor that ends hands what is left in it to `crash.log`, and one
/// killed with SIGKILL leaves it to the next ingest, which records its files and removes it.
/// docs/RELIABILITY.md, "Whose log".
///
/// Each test stops the command between its child's crash and the restarted child's reading of
/// the log, without sleeping: once the first child has printed its first line it holds the
/// library's lock, so the test's own blocking `flock` on that lock returns when that child
/// has died of its crash, and the restarted child, which waits for the lock, reads nothing.
/// Meanwhile the supervisor is stopped (SIGSTOP), so it cannot start the next child before the
/// test holds the lock, however late the test gets to it; a test that came too late says so.
@Suite struct SupervisorCrashLogTests {
    /// `shoebox ingest` of 30 JPEGs, then `later/boom.jpg`, crashing on `boom.jpg`, stopped
    /// after that crash with the library's lock held by the test (until `libraryLock` is released).
    struct StoppedAfterACrash {
        let folder: TemporaryFolder
        let roots: [String]
        let library: URL
        let boom: String
        let command: WorkerProcess
        let libraryLock: LockHold

        init() throws {
            folder = try TemporaryFolder()
            let later = try folder.folder("later", copying: [Fixtures.sample("tall.jpg")])
            try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: later.appendingPathComponent("boom.jpg"))
            roots = [try QueueIngestTests.distinctJPEGs(30, in: folder).path, later.path]
            library = folder.url.appendingPathComponent("library")
            boom = IngestPipeline.resolve(later.appendingPathComponent("boom.jpg").path)
            command = try WorkerProcess(["ingest"] + roots + ["--library", library.path, "--jobs", "1"],
                                        environment: CrashGuardTests.crashOnBoom)
            guard command.waitForErrorLine(containing: "ingesting into") else { throw CocoaError(.executableLoad) }
            command.signal(SIGSTOP)   // the supervisor: it cannot start the next child before the test holds the lock
            libraryLock = try LockHold(library.appendingPathComponent("lock").path)
            command.signal(SIGCONT)
            #expect(command.errorLineCount(containing: "ingesting into") == 1, "the restarted child ran before the test held the lock")
        }

        func ingestAgain() throws -> ShoeboxBinary.Result {
            try ShoeboxBinary.run(["ingest"] + roots + ["--library", library.path])
        }

        func asset(_ path: String) throws -> AssetRecord? {
            try SQLiteCatalog(path: library.appendingPathComponent("catalog.sqlite").path).asset(path: path)
        }

        /// The text of the library's file `name`; nil when there is none.
        func text(of name: String) -> String? {
            try? String(contentsOfFile: library.appendingPathComponent(name).path, encoding: .utf8)
        }

        /// The supervised ingests' own crash logs in the library, by name.
        var supervisorLogs: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).filter(CrashLog.isSupervisorLogName).sorted()
        }
    }

    @Test(.timeLimit(Fixtures.underSanitizer ? .minutes(10) : .minutes(2))) func aKilledSupervisorsLogIsTakenOverByTheNextIngest() throws {
        let stopped = try StoppedAfterACrash()
        let logs = stopped.supervisorLogs
        #expect(logs.map(stopped.text(of:)) == [stopped.boom + "\n"], "the child logged its crash in its supervisor's log")

        stopped.command.signal(SIGKILL)
        _ = stopped.command.finish()
        stopped.libraryLock.release()
        for name in logs {   // the killed command's processes are all gone
            try LockHold(stopped.library.appendingPathComponent(name).path).release()
        }
        let next = try stopped.ingestAgain()

        #expect(next.status == 1)
        #expect(next.errors.contains("failed \(stopped.boom): crashed: "))
        let boom = try #require(try stopped.asset(stopped.boom))
        #expect(boom.status == .failed && boom.errorClass == .crashed)
        #expect(stopped.supervisorLogs == [], "the dead supervisor's log is removed")
        #expect(stopped.text(of: "crash.log") ?? "" == "")
    }

    @Test(.timeLimit(Fixtures.underSanitizer ? .minutes(10) : .minutes(2))) func aSupervisorThatStopsHandsWhatItsLogHoldsToTheSharedLog() throws {
        let stopped = try StoppedAfterACrash()

        stopped.command.signal(SIGTERM)
        let result = stopped.command.finish()
        stopped.libraryLock.release()

        #expect(result.signalled, "it ends as its last child did, by a signal: \(result.status)")
        #expect(stopped.supervisorLogs == [])
        #expect(stopped.text(of: "crash.log") == stopped.boom + "\n")
    }
}

/// An exclusive `flock` on a file, taken by waiting as long as another process holds it, kept
/// until `release` (its descriptor is closed on exec: no process the tests start inherits it).
final class LockHold {
    private var descriptor: Int32

    init(_ path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CocoaError(.fileLocking) }
        }
    }

    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit { release() }
}

/// Which supervisors' logs an ingest that starts takes over (`OrphanedCrashLogs`), in process.
extension SupervisorCrashLogTests {
    /// A sealed library holding a dead supervisor's log naming `/photos/dead.jpg`.
    struct LibraryWithLogs {
        let folder: TemporaryFolder
        let library: Library

        init() throws {
            folder = try TemporaryFolder()
            library = Library(root: folder.url.appendingPathComponent("library"))
            try library.seal()
            try Data("/photos/dead.jpg\n".utf8).write(to: library.root.appendingPathComponent("crash-00000000000000aa.log"))
        }

        var supervisorLogs: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: library.root.path)) ?? []).filter(CrashLog.isSupervisorLogName).sorted()
        }
    }

    @Test func aLiveSupervisorsLogIsLeftToItAndADeadOnesIsTaken() throws {
        let setting = try LibraryWithLogs()
        let live = try SupervisorCrashLog.create(in: setting.library)
        try Data("/photos/live.jpg\n".utf8).write(to: URL(fileURLWithPath: live.log.path(in: setting.library)))

        let orphans = try OrphanedCrashLogs.takeOver(in: setting.library, except: .shared)
        #expect(orphans.contents.map { String(decoding: $0, as: UTF8.self) } == ["/photos/dead.jpg\n"])
        orphans.remove()

        #expect(setting.supervisorLogs == [live.log.name])
    }

    @Test func aLinkWithALogsNameIsNeverFollowedNorRemoved() throws {
        let setting = try LibraryWithLogs()
        let outside = setting.folder.url.appendingPathComponent("outside.txt")
        try Data("/photos/outside.jpg\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(atPath: setting.library.root.appendingPathComponent("crash-00000000000000bb.log").path,
                                                   withDestinationPath: outside.path)

        let orphans = try OrphanedCrashLogs.takeOver(in: setting.library, except: .shared)
        #expect(orphans.contents.map { String(decoding: $0, as: UTF8.self) } == ["/photos/dead.jpg\n"])
        orphans.remove()

        #expect(setting.supervisorLogs == ["crash-00000000000000bb.log"])
        #expect(try String(contentsOf: outside, encoding: .utf8) == "/photos/outside.jpg\n")
    }

    @Test func nothingIsTakenFromAFolderWithoutTheLibrarysMarker() throws {
        let setting = try LibraryWithLogs()
        try FileManager.default.removeItem(at: setting.library.root.appendingPathComponent(LibraryMarker.fileName))

        #expect(throws: LibraryError.self) { try OrphanedCrashLogs.takeOver(in: setting.library, except: .shared) }
        #expect(setting.supervisorLogs == ["crash-00000000000000aa.log"])
    }
}
