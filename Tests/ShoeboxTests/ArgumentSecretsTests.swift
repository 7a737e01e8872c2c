import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCLI

/// A catalog password given on the command line is not in the process list: `ps` shows the
/// argument area of a process to every user, and both `list` and `ingest` (its supervisor and
/// the ingest process it starts) show stars there. The catalog is a loopback port that never
/// answers, so the command waits for it while the test reads `/proc/PID/cmdline`.
@Suite struct ArgumentSecretsTests {
    static func commandLine(of pid: pid_t) -> String {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        return String(decoding: bytes.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }

    @Test(arguments: ["list", "ingest"]) func thePasswordIsStarredInTheProcessList(command: String) throws {
        let server = try PostgresConnectTimeoutTests.SilentServer()
        let folder = try TemporaryFolder()
        let uri = "postgresql://shoebox:S3cret%21pw@127.0.0.1:\(server.port)/photos?connect_timeout=60"
        let extra = command == "ingest" ? [Fixtures.sample("tall.jpg").path] : []
        let worker = try WorkerProcess([command] + extra + ["--library", folder.path, "--catalog", uri])
        defer {   // stopped and reaped: a worker left running is a leak at the test run's end
            _ = worker.signalWithChildren(SIGKILL)
            _ = worker.finish()
        }

        try #require(server.waitForClient(), "\(command) never connected")
        let supervisor = worker.process.processIdentifier
        let processes = [supervisor] + IngestSupervisorTests.HangingIngest.children(of: supervisor)

        for pid in processes {
            let shown = Self.commandLine(of: pid)
            #expect(shown.contains("postgresql://shoebox:" + String(repeating: "*", count: "S3cret%21pw".count) + "@127.0.0.1"), "\(shown)")
            #expect(!shown.contains("S3cret"), "\(shown)")
        }
        #expect(processes.count == (command == "ingest" ? 2 : 1))
    }

    @Test func aNewIngestProcessGetsACatalogWithAPasswordThroughItsEnvironment() {
        let arguments = ["shoebox", "ingest", "/photos", "--catalog", "postgres://u:pw@db/x", "--jobs", "2"]

        let moved = ArgumentSecrets.movingCatalog(outOf: arguments)

        #expect(moved.arguments == ["shoebox", "ingest", "/photos", "--jobs", "2"])
        #expect(moved.catalog == "postgres://u:pw@db/x")
    }

    @Test func aCatalogWithoutAPasswordStaysAnArgument() {
        let arguments = ["shoebox", "ingest", "/photos", "--catalog=postgres://u@db/x"]

        let moved = ArgumentSecrets.movingCatalog(outOf: arguments)

        #expect(moved.arguments == arguments && moved.catalog == nil)
    }
}
