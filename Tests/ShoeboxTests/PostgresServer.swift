import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The PostgreSQL server the PostgreSQL tests run against, and a fresh database for each test.
///
/// `SHOEBOX_TEST_POSTGRES` (a libpq URI of a database whose user may CREATE DATABASE) names a
/// server someone started: `scripts/test.sh` starts one for the whole run. Without it, the
/// first test that asks starts a throw-away cluster for this test process with
/// `scripts/test-postgres.sh` (initdb, then pg_ctl on a Unix socket in a temporary folder, as
/// `nobody` when the tests run as root), stopped when the process exits.
///
/// Tests that need it are `.enabled(if: PostgresServer.isAvailable, ...)`: they skip, with
/// `PostgresServer.skipReason`, where PostgreSQL is not installed or cannot start, except
/// when `SHOEBOX_REQUIRE_POSTGRES` is set (CI): then they run, and fail with that reason.
enum PostgresServer {
    /// The admin URI, or why there is none.
    private static let server: Result<String, ServerError> = start()

    struct ServerError: Error, CustomStringConvertible {
        var description: String
    }

    static var isAvailable: Bool {
        if case .success = server { return true }
        return ProcessInfo.processInfo.environment["SHOEBOX_REQUIRE_POSTGRES"] != nil
    }

    static var skipReason: Comment {
        if case let .failure(error) = server { return Comment(rawValue: "PostgreSQL unavailable, skipped: \(error)") }
        return "PostgreSQL available"
    }

    private static func start() -> Result<String, ServerError> {
        if let url = ProcessInfo.processInfo.environment["SHOEBOX_TEST_POSTGRES"], !url.isEmpty { return .success(url) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoebox-pg-\(getpid())-\(UUID().uuidString.prefix(8))")
        let (status, output) = runScript("start", folder.path)
        guard status == 0 else { return .failure(ServerError(description: output)) }
        startedFolder = folder.path
        atexit { PostgresServer.stopStartedServer() }
        return .success(output)
    }

    nonisolated(unsafe) private static var startedFolder: String?

    private static func stopStartedServer() {
        guard let folder = startedFolder else { return }
        _ = runScript("stop", folder)
    }

    /// Runs scripts/test-postgres.sh with `arguments`: its exit status, and its stdout (or its
    /// stderr when it failed), trimmed. posix_spawn and waitpid, not Foundation's `Process`,
    /// whose exit monitoring never fired here while a static initializer ran; output goes
    /// through a file, so a server that keeps a descriptor open cannot hold the read.
    static func runScript(_ arguments: String...) -> (Int32, String) {
        let script = Fixtures.repository.appendingPathComponent("scripts/test-postgres.sh").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("shoebox-pg-\(UUID().uuidString).out").path
        defer { unlink(output); unlink(output + ".err") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([script] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, script, &actions, nil, argv, environ) == 0 else { return (127, "cannot run \(script)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = (try? String(contentsOfFile: exit == 0 ? output : output + ".err", encoding: .utf8)) ?? ""
        return (exit, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A new, empty database on the server (or on the cluster whose admin URI is `admin`); its
    /// libpq URI.
    static func makeDatabase(on admin: String? = nil) throws -> String {
        let admin = try admin ?? server.get()
        let name = "shoebox_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let connection = try PGConnection(conninfo: admin)
        try connection.execute("CREATE DATABASE \(name)")
        return url(admin, database: name)
    }

    /// `admin` with its database replaced by `database` (`postgresql:///postgres?host=...`
    /// or `postgresql://user@host:port/postgres?...`).
    static func url(_ admin: String, database: String) -> String {
        guard var components = URLComponents(string: admin) else { return admin }
        components.path = "/" + database
        return components.string ?? admin
    }
}
