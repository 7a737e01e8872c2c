import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `PGConnection.pipeline` against a real server: results in the order sent, statements
/// prepared once per connection, a failed statement's error and the ones after it not run, and
/// the connection usable afterwards however the caller's body ended.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresPipelineTests {
    private struct Stop: Error {}

    @Test func resultsComeBackInTheOrderSent() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        let (first, second) = try connection.pipeline(["SELECT 1 AS n", "SELECT 'two' AS t"]) { results in
            (try results.next().first?.int64("n"), try results.next().first?.text("t"))
        }
        #expect(first == 1)
        #expect(second == "two")
    }

    /// Two pipelines of the same two statements, then `query` of one of them: the server holds
    /// three prepared statements (the two and the counting one), not five.
    @Test func statementsArePreparedOncePerConnection() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        for _ in 1...2 {
            let values = try connection.pipeline(["SELECT 1 AS n", "SELECT 2 AS n"]) { results in
                [try results.next().first?.int64("n"), try results.next().first?.int64("n")]
            }
            #expect(values == [1, 2])
        }
        #expect(try connection.query("SELECT 1 AS n").first?.int64("n") == 1)
        #expect(try connection.query("SELECT count(*) AS prepared FROM pg_prepared_statements").first?.int64("prepared") == 3)
    }

    @Test func aFailedStatementThrowsItsErrorAndTheOnesAfterItAreNotRun() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        try connection.execute("CREATE TABLE t (n int)")
        var errors: [String] = []
        try connection.pipeline(["SELECT 1 / 0 AS n", "INSERT INTO t VALUES (1)"]) { results in
            for _ in 1...2 {
                do { _ = try results.next() } catch PostgresError.server(let sqlstate, let message, _) {
                    errors.append("\(sqlstate) \(message)")
                }
            }
        }
        #expect(errors == ["22012 division by zero", " not run: an earlier statement of its pipeline failed"])
        #expect(try connection.query("SELECT count(*) AS n FROM t").first?.int64("n") == 0)
    }

    /// The body throws before reading anything: what it left is read, and the transaction
    /// around it rolls back; the connection then serves statements as before.
    @Test func aBodyThatStopsEarlyLeavesTheConnectionUsable() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        try connection.execute("CREATE TABLE t (n int)")
        #expect(throws: Stop.self) {
            try connection.transaction {
                try connection.query("INSERT INTO t VALUES (1)")
                try connection.pipeline(["SELECT 1 AS n", "SELECT n FROM t"]) { _ in throw Stop() }
            }
        }
        let rows = try connection.transaction(.snapshot) {
            try connection.pipeline(["SELECT count(*) AS n FROM t"]) { try $0.next().first?.int64("n") }
        }
        #expect(rows == 0)
    }

    /// The connection is lost in the middle of a pipeline (its first statement ends its own
    /// backend): the pipeline gives up its unread results without waiting for them, and the
    /// transaction around it reconnects and runs again.
    @Test func aConnectionLostInAPipelineIsReconnectedByItsTransaction() throws {
        let connection = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        var attempts = 0
        let value = try connection.transaction(.snapshot) {
            attempts += 1
            let first = attempts == 1 ? "SELECT pg_terminate_backend(pg_backend_pid()) AS ended" : "SELECT true AS ended"
            return try connection.pipeline([first, "SELECT 42 AS n"]) { results in
                _ = try results.next()
                return try results.next().first?.int64("n")
            }
        }
        #expect(value == 42)
        #expect(attempts == 2)
    }
}
