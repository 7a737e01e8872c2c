import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// What a queue worker's missing-file check costs at 100,000 files under one root (not a timed
/// test: run with `SHOEBOX_BENCH_QUEUE_MISSING=1` and a PostgreSQL server, see scripts/test.sh),
/// and what the other way would cost: the walk's paths sent to a temporary table in batches
/// of 10,000 (`unnest` of a `text[]`), then an anti-join on the server. One `bench` line each,
/// medians of 9 runs after 3 warm-ups (BenchmarkTiming).
@Suite(.enabled(if: PostgresServer.isAvailable && ProcessInfo.processInfo.environment["SHOEBOX_BENCH_QUEUE_MISSING"] != nil,
                "set SHOEBOX_BENCH_QUEUE_MISSING=1, with a PostgreSQL server"))
struct QueueMissingBenchmark {
    static let files = 100_000

    /// 100,000 assets under `/library`, in folders of 200, each with its done queue item.
    static func catalog() throws -> PostgresCatalog {
        let catalog = try PostgresCatalog(uri: try PostgresServer.makeDatabase())
        try catalog.write { db in
            try db.query("""
                INSERT INTO assets (path, root, album_folder, file_name, kind, file_size, mtime_ns, status, seen_run, added_at, updated_at)
                SELECT '/library/' || (i / 200) || '/IMG_' || lpad(i::text, 7, '0') || '.JPG', '/library', (i / 200)::text,
                    'IMG_' || lpad(i::text, 7, '0') || '.JPG', 'photo', 1000 + i, i, 'ok', 1, '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z'
                FROM generate_series(1, $1::integer) AS i
                """, files)
            try db.query("""
                INSERT INTO work_queue (path, root, file_size, mtime_ns, enqueued_run, state)
                SELECT path, root, file_size, mtime_ns, 1, 'done' FROM assets
                """)
        }
        return catalog
    }

    @Test func missingCheckOfOneHundredThousandPaths() throws {
        let catalog = try Self.catalog()
        var paths: [String] = []
        try catalog.forEachAsset { paths.append($0.path) }
        let found = Set(paths.dropLast(100))   // the last 100 files are gone
        #expect(try catalog.markMissing(under: "/library", wasFound: found.contains)?.count == 100)

        let building = try BenchmarkTiming.summary(runs: 9) { _ = Set(paths) }
        let inSwift = try BenchmarkTiming.summary(runs: 9) { _ = try catalog.markMissing(under: "/library", wasFound: found.contains) }
        let onServer = try BenchmarkTiming.summary(runs: 9) { _ = try Self.notFoundOnTheServer(Array(found), catalog: catalog) }
        print("bench\tthe walk's 100,000 paths into a Set\t\(building)")
        print("bench\tmissing check, catalog's paths compared in Swift\t\(inSwift)")
        print("bench\tmissing check, walk's paths to a temporary table\t\(onServer)")
    }

    /// The other way: the found paths sent to the server, which finds the assets not among them.
    static func notFoundOnTheServer(_ found: [String], catalog: PostgresCatalog) throws -> Int {
        try catalog.write { db in
            try db.query("CREATE TEMPORARY TABLE found (path text COLLATE \"C\" PRIMARY KEY) ON COMMIT DROP")
            for start in stride(from: 0, to: found.count, by: 10_000) {
                let batch = Array(found[start..<min(start + 10_000, found.count)])
                try db.query("INSERT INTO found SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", PostgresCatalog.textArray(batch))
            }
            return try db.query("""
                SELECT count(*) AS gone FROM assets WHERE missing = 0 AND path >= '/library/' AND path < '/library0'
                AND NOT EXISTS (SELECT 1 FROM found WHERE found.path = assets.path)
                """).first?.int("gone") ?? -1
        }
    }
}
