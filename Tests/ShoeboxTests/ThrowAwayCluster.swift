import Foundation

/// A PostgreSQL cluster of one test's own (scripts/test-postgres.sh), for a test that restarts
/// its server: the shared test server must not go away under other tests. Stopped and removed
/// when the value goes away.
final class ThrowAwayCluster {
    let folder: String
    /// The admin URI (its `postgres` database, on a Unix socket in `folder`).
    let admin: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoebox-pg-own-\(UUID().uuidString.prefix(8))").path
        let (status, output) = PostgresServer.runScript("start", folder)
        guard status == 0 else { throw Failure(description: "cannot start a cluster: \(output)") }
        admin = output
    }

    /// `pg_ctl restart`: returns once the server accepts connections again.
    func restart() throws {
        let (status, output) = PostgresServer.runScript("restart", folder)
        guard status == 0 else { throw Failure(description: "cannot restart the cluster: \(output)") }
    }

    deinit { _ = PostgresServer.runScript("stop", folder) }
}
