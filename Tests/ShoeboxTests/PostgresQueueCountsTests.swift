import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The queue's kept counts per state (`work_queue_counts`, queue migration 2), which
/// `status` reads in place of counting every item: after any change they equal a count of
/// the rows, and a queue that had items before the migration starts from its true counts.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresQueueCountsTests {
    static let hour = Duration.seconds(3600)

    func files(_ count: Int) -> [DiscoveredFile] {
        (0..<count).map {
            DiscoveredFile(path: String(format: "/photos/%04d.jpg", $0), root: "/photos",
                           status: SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 0, inode: 0))
        }
    }

    /// The kept counts, and a count of the rows, by state (states with no item left out).
    func counts(_ db: PGConnection) throws -> (kept: [String: Int], rows: [String: Int]) {
        func byState(_ sql: String) throws -> [String: Int] {
            var result: [String: Int] = [:]
            for row in try db.query(sql).rows where row.int("n") != 0 { result[row.text("state")] = row.int("n") }
            return result
        }
        return (try byState("SELECT state, sum(items)::bigint AS n FROM work_queue_counts GROUP BY state"),
                try byState("SELECT state, count(*) AS n FROM work_queue GROUP BY state"))
    }

    @Test func keptCountsFollowEveryKindOfChange() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let worker = WorkerIdentity(id: "a", host: "host-a", pid: 100)
        try catalog.enqueue(files(10), run: 1)
        try catalog.enqueue(files(12), run: 2)  // 10 already there: 2 new
        let claims = try catalog.claim(batch: 7, worker: worker, lease: Self.hour)
        try catalog.complete(claims[0], outcome: .done)
        try catalog.complete(claims[1], outcome: .done)
        try catalog.complete(claims[2], outcome: .failed(reason: "truncated"))
        _ = try catalog.renew(Array(claims[3...]), lease: Self.hour)
        _ = try catalog.release(Array(claims[3...4]))

        let status = try catalog.status(window: Self.hour)
        let totals: [Int] = [status.pending, status.claimed, status.done, status.failed]
        #expect(totals == [7, 2, 2, 1])
        #expect(status.workers.map(\.claimed) == [2])
        #expect(status.workers.map(\.finishedInWindow) == [3])
        let (kept, rows) = try counts(try PGConnection(conninfo: uri))
        let expected: [String: Int] = ["pending": 7, "claimed": 2, "done": 2, "failed": 1]
        #expect(kept == expected)
        #expect(kept == rows)
    }

    @Test func aQueueMigratedWithItemsStartsFromItsTrueCounts() throws {
        let db = try PGConnection(conninfo: try PostgresServer.makeDatabase())
        try PostgresQueueSchema.migrate(db, upTo: 1)
        try db.execute("""
            INSERT INTO work_queue (path, root, file_size, mtime_ns, enqueued_run, state)
            SELECT '/photos/' || i, '/photos', 1, 1, 1, CASE WHEN i <= 3 THEN 'done' ELSE 'pending' END
            FROM generate_series(1, 5) AS i
            """)
        try PostgresQueueSchema.migrate(db)
        let expected: [String: Int] = ["done": 3, "pending": 2]
        #expect(try counts(db).kept == expected)
    }

    /// `status` opens the catalog to read; a queue an earlier Shoebox made (version 1, no kept
    /// counts) is upgraded first, as an older catalog is, and the counts are right.
    @Test func statusUpgradesAQueueWithoutKeptCounts() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        try catalog.enqueue(files(3), run: 1)
        let admin = try PGConnection(conninfo: uri)
        try admin.execute("""
            DROP FUNCTION work_queue_count() CASCADE; DROP TABLE work_queue_counts; DELETE FROM shoebox_queue_schema WHERE version = 2
            """)
        let result = try ShoeboxBinary.run(["status", "--catalog", uri])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "pending\t3\nclaimed\t0\ndone\t0\nfailed\t0\n")
        #expect(result.errors == "note: upgraded the catalog \(PGConnection.redacted(uri)) (work queue) from schema 1 to 2\n")
    }
}
