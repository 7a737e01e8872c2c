import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Queue workers against a real server that misbehaves: a worker killed mid-run, the server
/// restarted, the server away for seconds, a worker's connections ended. Every file is
/// catalogued once, with one thumbnail file per recipe, and nothing is left claimed. Each waits
/// on what the workers report (their JSON lines, their stderr), never on time; a short lease
/// (`--lease 3`) bounds how long a dead worker's files wait.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct QueueFaultTests {
    /// Checks the catalog and the queue after every worker is done with `count` files.
    func expectEachFileDoneOnce(_ count: Int, library: String, uri: String) throws {
        let paths = try QueueIngestTests.listedPaths(library: library, uri: uri)
        #expect(paths.count == count)
        #expect(Set(paths).count == count)
        #expect(try QueueIngestTests.thumbnailFiles(library).count == 2 * count)   // thumb and preview
        let status = try PostgresCatalog(uri: uri).status(window: .seconds(600))
        #expect([status.pending, status.claimed, status.done, status.failed] as [Int] == [0, 0, count, 0])
    }

    func workers(_ count: Int, root: URL, library: String, uri: String) throws -> [WorkerProcess] {
        try (0..<count).map { _ in try QueueIngestTests.worker(root, library: library, uri: uri, extra: ["--lease", "3"]) }
    }

    @Test func aWorkerKilledMidRunLeavesItsFilesToTheOthers() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try QueueIngestTests.distinctJPEGs(300, in: folder)
        let library = folder.url.appendingPathComponent("library").path

        let workers = try workers(3, root: root, library: library, uri: uri)
        #expect(workers[0].waitForEvents("ingested", count: 20))
        workers[0].signal(SIGKILL)   // its ingest process dies with it (PR_SET_PDEATHSIG)
        let killed = workers[0].finish()
        let survivors = workers.dropFirst().map { $0.finish() }

        #expect(killed.signalled && killed.status == SIGKILL)
        for result in survivors { #expect(result.status == 0 && !result.signalled, "\(result.errors)") }
        try expectEachFileDoneOnce(300, library: library, uri: uri)
    }

    @Test func workersOutliveAServerRestart() throws {
        let cluster = try ThrowAwayCluster()
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase(on: cluster.admin)
        let root = try QueueIngestTests.distinctJPEGs(150, in: folder)
        let library = folder.url.appendingPathComponent("library").path

        let workers = try workers(2, root: root, library: library, uri: uri)
        #expect(workers[0].waitForEvents("ingested", count: 10))
        try cluster.restart()
        let results = workers.map { $0.finish() }

        for result in results { #expect(result.status == 0 && !result.signalled, "\(result.errors)") }
        try expectEachFileDoneOnce(150, library: library, uri: uri)
    }

    /// The server stays away past the point where a patience of 3 s would have given up (the
    /// eighth failed attempt to reconnect comes after 5.15 s of pauses, 50 ms doubling to 2 s;
    /// a 3 s patience makes seven) and well within the 30 s one: the worker waits it out and
    /// finishes every file. The test follows the back-off on the worker's stderr, one line a
    /// failed attempt, and starts the server again once the eighth has failed.
    @Test func aWorkerWaitsOutAServerAwayForSeconds() throws {
        let cluster = try ThrowAwayCluster()
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase(on: cluster.admin)
        let root = try QueueIngestTests.distinctJPEGs(150, in: folder)
        let library = folder.url.appendingPathComponent("library").path

        let worker = try QueueIngestTests.worker(root, library: library, uri: uri)
        #expect(worker.waitForEvents("ingested", count: 10))
        worker.signalWithChildren(SIGSTOP)   // so it cannot finish before the server is away
        try cluster.halt()
        worker.signalWithChildren(SIGCONT)
        let outwaited = worker.waitForErrorLine(containing: "cannot reach the catalog (attempt 8 of ")
        try cluster.resume()
        let result = worker.finish()

        // How the worker ended, with its last JSON lines (its errors are events on stdout).
        let ending = "status \(result.status), signalled \(result.signalled), killed at the test's time limit \(worker.wasKilledAtLimit), "
            + "last output: \(result.output.suffix(1500))"
        #expect(outwaited, "the worker gave up before its eighth attempt (\(ending)): \(result.errors)")
        #expect(result.status == 0 && !result.signalled, "\(ending): \(result.errors)")
        #expect(result.errors.contains("reconnected to the catalog at attempt "), "\(result.errors)")
        try expectEachFileDoneOnce(150, library: library, uri: uri)
    }

    @Test func aWorkerWhoseConnectionsAreEndedReconnectsAndFinishes() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try QueueIngestTests.distinctJPEGs(120, in: folder)
        let library = folder.url.appendingPathComponent("library").path

        let worker = try workers(1, root: root, library: library, uri: uri)[0]
        #expect(worker.waitForEvents("ingested", count: 10))
        // Stopped, the worker cannot finish its files (and close its connections) before they
        // are ended, however slowly this test gets to end them on a busy machine.
        let stopped = worker.signalWithChildren(SIGSTOP)
        let admin = try PGConnection(conninfo: uri)
        // With a timeout, pg_terminate_backend returns once each backend has exited.
        let ended = try admin.query("""
            SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 10000)) AS ended FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """).first?.int("ended")
        worker.signalWithChildren(SIGCONT)
        let result = worker.finish()

        #expect(stopped == 2, "the supervisor and its ingest process")

        #expect(ended == 2, "the worker's writer and reader")
        #expect(result.status == 0 && !result.signalled, "\(result.errors)")
        try expectEachFileDoneOnce(120, library: library, uri: uri)
    }
}
