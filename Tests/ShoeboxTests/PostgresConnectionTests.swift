import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `PGConnection` against a real server: bound parameters, rows by name, typed errors, the
/// transaction helper's retries and reconnection, and migrations under the advisory lock.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresConnectionTests {
    @Test func boundTextComesBackByteForByte() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        try connection.execute("CREATE TABLE t (path text COLLATE \"C\" NOT NULL, n bigint, x double precision)")
        let path = PathText.encode(Array("/photos/café/".utf8) + [0xFF, 0x5C, 0x78] + Array("'; DROP TABLE t; --.jpg".utf8))
        try connection.query("INSERT INTO t (path, n, x) VALUES ($1, $2, $3)", path, Int64.max, 0.1)
        let row = try #require(try connection.query("SELECT path, n, x FROM t WHERE path = $1", path).first)
        #expect(row.text("path") == path)
        #expect(row.int64("n") == Int64.max)
        #expect(row.optionalDouble("x") == 0.1)
    }

    @Test func aDuplicateKeyIsAUniqueViolation() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        try connection.execute("CREATE TABLE t (k text PRIMARY KEY)")
        try connection.query("INSERT INTO t VALUES ($1)", "a")
        #expect {
            try connection.query("INSERT INTO t VALUES ($1)", "a")
        } throws: { error in
            guard case .uniqueViolation(let message)? = error as? PostgresError else { return false }
            return message.contains("t_pkey")
        }
    }

    /// A concurrent update between this transaction's snapshot and its own update is a
    /// serialization failure (40001): the helper runs the transaction again, which succeeds.
    @Test func aSerializationFailureRunsTheTransactionAgain() throws {
        let url = try PostgresServer.makeDatabase()
        let connection = try PGConnection(conninfo: url), other = try PGConnection(conninfo: url)
        try connection.execute("CREATE TABLE t (id int PRIMARY KEY, n int NOT NULL); INSERT INTO t VALUES (1, 0)")
        var attempts = 0
        try connection.transaction(PGIsolation(level: .repeatableRead, readOnly: false)) {
            attempts += 1
            try connection.query("SELECT n FROM t WHERE id = 1")   // the snapshot is taken here
            if attempts == 1 { try other.query("UPDATE t SET n = n + 10 WHERE id = 1") }
            try connection.query("UPDATE t SET n = n + 1 WHERE id = 1")
        }
        #expect(attempts == 2)
        #expect(try connection.query("SELECT n FROM t WHERE id = 1").first?.int("n") == 11)
    }

    /// The server ends this connection's backend (as a restart or an administrator would): the
    /// next transaction reconnects and runs.
    @Test func aTerminatedConnectionReconnects() throws {
        let url = try PostgresServer.makeDatabase()
        let connection = try PGConnection(conninfo: url), admin = try PGConnection(conninfo: url)
        let before = connection.backendPID
        // With a timeout, pg_terminate_backend returns once the backend has exited.
        let ended = try admin.query("SELECT pg_terminate_backend($1, 10000) AS ended", Int(before))
        #expect(ended.first?.bool("ended") == true)
        let value = try connection.transaction { try connection.query("SELECT 42 AS n").first?.int("n") }
        #expect(value == 42)
        #expect(connection.backendPID != before)
    }

    @Test func twoWorkersStartingAtOnceMigrateOnce() throws {
        let url = try PostgresServer.makeDatabase()
        let connections = [try PGConnection(conninfo: url), try PGConnection(conninfo: url)]
        let errors = ErrorList()
        DispatchQueue.concurrentPerform(iterations: connections.count) { index in
            do { try PostgresSchema.migrate(connections[index], target: "test") } catch { errors.append(error) }
        }
        #expect(errors.all.isEmpty, "\(errors.all)")
        let versions = try connections[0].query("SELECT version FROM shoebox_schema ORDER BY version").rows.map { $0.int("version") }
        #expect(versions == [8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
        #expect(PostgresSchema.currentVersion == CatalogSchema.currentVersion)
    }

    @Test func aNewerCatalogIsRefused() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        try PostgresSchema.migrate(connection, target: "test")
        try connection.query("INSERT INTO shoebox_schema (version) VALUES ($1)", 99)
        #expect(throws: CatalogError.self) { try PostgresSchema.migrate(connection, target: "test") }
    }
}
