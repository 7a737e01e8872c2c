import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Browsing and status on a large PostgreSQL catalog (not a timed test): run by
/// `scripts/bench-postgres.sh`, which generates the catalog (`bench-postgres-generate.sql`) and
/// passes it in `SHOEBOX_BENCH_PG_URI`; skipped otherwise.
///
/// Times, through the catalog API on one open catalog (connections made, statements
/// prepared), as medians of 25 runs after 3 warm-ups: listing every album with counts and
/// covers, a page of 100 photos newest first, the filtered page `bench-albums.sh` times, a
/// folder album's first page, counts per kind, and the queue's status. Then prints
/// `EXPLAIN (ANALYZE, BUFFERS)` of the statements behind them (the SQL the catalog builds,
/// taken from the catalog's own types). One `bench` line per figure, `plan` lines per plan.
@Suite struct PostgresScaleBenchmark {
    static let uri = ProcessInfo.processInfo.environment["SHOEBOX_BENCH_PG_URI"]
    static let photosNewestFirst = AssetFetchOptions(kinds: [.photo], sort: AssetSort(.taken, ascending: false))
    static let filtered = AssetFetchOptions(kinds: [.photo, .livePhoto], takenSince: "2015-01-01", takenUntil: "2020-12-31",
                                            hasLocation: true, sort: AssetSort(.taken, ascending: false))

    @Test(.enabled(if: uri != nil, "set SHOEBOX_BENCH_PG_URI (scripts/bench-postgres.sh)"))
    func browsingAndStatus() throws {
        let catalog = try PostgresCatalog(readingOnly: Self.uri ?? "")
        let folders = try catalog.albums().filter { $0.album.kind == .folder }.map(\.album)
        let folder = try #require(folders.first)
        try time("albums() with counts and covers") { _ = try catalog.albums() }
        try time("page of 100: photos, newest first") { _ = try catalog.fetchPage(Self.photosNewestFirst, after: nil, size: 100) }
        try time("page of 100: photo+livePhoto, 2015-2020, located, newest first") {
            _ = try catalog.fetchPage(Self.filtered, after: nil, size: 100)
        }
        try time("page of 100: folder album \(folder.title), album order") {
            _ = try catalog.fetchPage(AssetFetchOptions(album: folder), after: nil, size: 100)
        }
        try time("counts per kind: whole library") { _ = try catalog.countAssets(AssetFetchOptions()) }
        try time("queue status, 5-minute window") { _ = try catalog.status(window: .seconds(300)) }
        try printPlans(catalog, folders: folders)
    }

    func time(_ name: String, runs: Int = 25, _ body: () throws -> Void) throws {
        print("bench\t\(name)\t\(try BenchmarkTiming.summary(runs: runs, body))")
    }

    func printPlans(_ catalog: PostgresCatalog, folders: [AlbumReference]) throws {
        let folder = folders[0]
        let pages: [(String, AssetFetchOptions)] = [
            ("photos page", Self.photosNewestFirst), ("filtered page", Self.filtered), ("folder album page", AssetFetchOptions(album: folder)),
        ]
        try catalog.read { db in
            for (name, options) in pages {
                let query = AssetFetchQuery(options, userAlbumID: nil, dialect: .postgres)
                let (sql, bindings) = query.pageSQL(after: nil)
                try plan(name, sql: sql, bindings: bindings + [100, 0], db: db)
            }
            try plan("album listing: rows, counts and first assets of both kinds", sql: PostgresCatalog.listingSQL, bindings: [], db: db)
            try plan("queue status", sql: PostgresCatalog.statusSQL, bindings: [300.0], db: db)
        }
    }

    func plan(_ name: String, sql: String, bindings: [Any?], db: PGConnection) throws {
        for row in try db.query("EXPLAIN (ANALYZE, BUFFERS) " + sql, parameters: bindings).rows {
            print("plan\t\(name)\t\(row.text("QUERY PLAN"))")
        }
    }
}
