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

    /// Stops the server (fast shutdown: its connections are ended) and keeps its data; returns
    /// once it has exited, its socket gone.
    func halt() throws {
        let (status, output) = PostgresServer.runScript("halt", folder)
        guard status == 0 else { throw Failure(description: "cannot stop the cluster: \(output)") }
    }

    /// Starts a halted server again: returns once it accepts connections.
    func resume() throws {
        let (status, output) = PostgresServer.runScript("resume", folder)
        guard status == 0 else { throw Failure(description: "cannot start the cluster again: \(output)") }
    }

    deinit { _ = PostgresServer.runScript("stop", folder) }
}
