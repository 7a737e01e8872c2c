import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The albums benchmark (not a timed test): run by `scripts/bench-albums.sh`, skipped otherwise.
///
/// Generates a catalog through the catalog API (no images): `SHOEBOX_BENCH_ALBUMS_ASSETS`
/// assets (default 100,000) in 1,000 folder albums, plus 100 user albums of 100 references
/// each and two cover records per album; then times, as medians of 25 runs after 3 warm-ups,
/// listing every album with counts and covers, filtered and sorted pages of 100, counts, and
/// a page deep into the order, and walks every asset through the lazy fetch, watching
/// resident memory. Prints one `bench` line per figure and each query's SQLite plan.
/// `SHOEBOX_BENCH_ALBUMS_LIBRARY` keeps the catalog in that folder (it must not hold one).
@Suite struct AlbumsBenchmark {
    static let environment = ProcessInfo.processInfo.environment
    static let enabled = environment["SHOEBOX_BENCH_ALBUMS"] != nil

    @Test(.enabled(if: enabled, "set SHOEBOX_BENCH_ALBUMS=1 (scripts/bench-albums.sh)"))
    func albumsAndFetches() throws {
        let count = Int(Self.environment["SHOEBOX_BENCH_ALBUMS_ASSETS"] ?? "") ?? 100_000
        let folder = try TemporaryFolder()
        // Kept at SHOEBOX_BENCH_ALBUMS_LIBRARY when set, for the script to time the CLI on it.
        let library = Self.environment["SHOEBOX_BENCH_ALBUMS_LIBRARY"].map { URL(fileURLWithPath: $0) } ?? folder.url
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let catalog = try SQLiteCatalog(path: library.appendingPathComponent("catalog.sqlite").path)
        let started = Date()
        try Self.generate(count, into: catalog)
        report("generate", "\(count) assets, 1,000 folder albums, 100 user albums", seconds: Date().timeIntervalSince(started))

        let filtered = AssetFetchOptions(kinds: [.photo, .livePhoto], takenSince: "2015-01-01", takenUntil: "2020-12-31",
                                         hasLocation: true, sort: AssetSort(.taken, ascending: false))
        try time("albums() with counts and covers") { _ = try catalog.albums() }
        try time("page of 100: photo+livePhoto, 2015-2020, located, newest first") {
            _ = try catalog.fetchPage(filtered, after: nil, size: 100)
        }
        try time("page of 100: all, by name") { _ = try catalog.fetchPage(AssetFetchOptions(sort: AssetSort(.name)), after: nil, size: 100) }
        // Every timed fetch reads something: an album name that is not generated would time nothing.
        #expect(try catalog.fetchPage(AssetFetchOptions(album: .folder("2015/album-0500")), after: nil, size: 100).assets.count == 100)
        try time("page of 100: folder album, album order") {
            _ = try catalog.fetchPage(AssetFetchOptions(album: .folder("2015/album-0500")), after: nil, size: 100)
        }
        try time("page of 100: user album, album order") {
            _ = try catalog.fetchPage(AssetFetchOptions(album: .user("Favourites 050")), after: nil, size: 100)
        }
        try time("counts per kind: the filtered fetch") { _ = try catalog.countAssets(filtered) }
        try time("counts per kind: whole library") { _ = try catalog.countAssets(AssetFetchOptions()) }
        let middle = try cursor(at: count / 2, catalog: catalog)
        try time("page of 100 after the \(count / 2)th asset (by capture date)") {
            _ = try catalog.fetchPage(AssetFetchOptions(), after: middle, size: 100)
        }
        try walk(count, catalog: catalog)
        try printPlans(filtered, catalog: catalog)
    }

    // MARK: Generation

    /// Deterministic: asset i is in folder album i % 1,000 (`YYYY/album-NNNN`), 90% photos,
    /// 5% videos, 3% Live Photos, 2% GIFs; capture dates spread over 2010-2024, 1% without
    /// one; 30% with GPS; added a minute apart from 2020 on.
    ///
    /// Asset rows go in through the catalog's own writer connection in one transaction with
    /// one prepared statement (the columns `record` writes; `record` itself makes one
    /// transaction per asset, which would take minutes); albums and cover records go through
    /// the public `AlbumStore` API.
    static func generate(_ count: Int, into catalog: SQLiteCatalog) throws {
        var random = SeededGenerator(seed: 42)
        let run = try catalog.beginRun(roots: ["/bench"])
        try catalog.write { db in
            try db.transaction {
                for index in 0..<count { try insert(asset(index, random: &random), run: run, db: db) }
            }
        }
        for album in 0..<100 {
            let title = String(format: "Favourites %03d", album)
            _ = try catalog.createAlbum(titled: title)
            try catalog.addAssets((0..<100).map { _ in Int64(random.next(below: count) + 1) }, to: title)
        }
        for summary in try catalog.albums() {
            let records = ["cover-512", "mosaic-512"].map { name in
                CoverRecord(name: name, recipe: "0123456789abcdef", width: 512, height: 512,
                            relativePath: "covers/00/\(ContentHasher.hash(summary.album.title + name))-0123456789abcdef.jpg")
            }
            try catalog.recordCovers(records, for: summary.album)
        }
    }

    struct Asset {
        var path: String
        var kind: AssetKind
        var takenAt: String?
        var located: Bool
        var addedAt: String
    }

    static func asset(_ index: Int, random: inout SeededGenerator) -> Asset {
        let folder = index % 1_000
        let path = String(format: "/bench/%d/album-%04d/IMG_%06d.jpg", 2010 + folder % 15, folder, index)
        let roll = random.next(below: 100)
        let kind: AssetKind = roll < 90 ? .photo : roll < 95 ? .video : roll < 98 ? .livePhoto : .gif
        var takenAt: String?
        if random.next(below: 100) > 0 {
            takenAt = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", 2010 + random.next(below: 15), 1 + random.next(below: 12),
                             1 + random.next(below: 28), random.next(below: 24), random.next(below: 60), random.next(below: 60))
        }
        return Asset(path: path, kind: kind, takenAt: takenAt, located: random.next(below: 10) < 3,
                     addedAt: utc(1_577_836_800 + index * 60))
    }

    static func insert(_ asset: Asset, run: Int64, db: SQLiteConnection) throws {
        let hash = ContentHasher.hash(asset.path)
        try db.statement("""
            INSERT INTO assets (path, root, kind, format, content_hash, file_size, mtime_ns, width, height, taken_at,
            taken_at_source, gps_latitude, gps_longitude, status, seen_run, added_at, updated_at)
            VALUES (?, '/bench', ?, 'jpeg', ?, 2000000, 1700000000000000000, 4032, 3024, ?, 'DateTimeOriginal', ?, ?, 'ok', ?, ?, ?)
            """).bind(asset.path, asset.kind.rawValue, hash, asset.takenAt, asset.located ? 48.85 : nil, asset.located ? 2.29 : nil,
                      run, asset.addedAt, asset.addedAt).run()
        try db.statement("INSERT INTO thumbnails (asset_id, name, recipe, width, height, path) VALUES (?, 'thumb', ?, 256, 192, ?)")
            .bind(db.lastInsertedRowID, "555501e9c91a85a4", "thumbs/\(hash.prefix(2))/\(hash)-555501e9c91a85a4.jpg").run()
    }

    /// Seconds since 1970 as `2020-01-01T00:00:00Z`, as the catalog writes `added_at`.
    static func utc(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    // MARK: Measuring

    func time(_ name: String, runs: Int = 25, _ body: () throws -> Void) throws {
        report(name, try BenchmarkTiming.summary(runs: runs, body))
    }

    /// The cursor after the first `position` assets by capture date, found by walking to it.
    func cursor(at position: Int, catalog: SQLiteCatalog) throws -> AssetCursor? {
        var cursor: AssetCursor?
        var walked = 0
        while walked < position {
            let page = try catalog.fetchPage(AssetFetchOptions(), after: cursor, size: min(1_000, position - walked))
            walked += page.assets.count
            cursor = page.next
        }
        return cursor
    }

    /// Every asset through the lazy fetch: the time, and how far resident memory rose.
    func walk(_ count: Int, catalog: SQLiteCatalog) throws {
        let baseline = Self.residentKilobytes()
        var peak = baseline
        var seen = 0
        let start = Date()
        try catalog.fetchAssets(AssetFetchOptions(), pageSize: 500).forEach { _ in
            seen += 1
            if seen % 500 == 0 { peak = max(peak, Self.residentKilobytes()) }
        }
        let seconds = Date().timeIntervalSince(start)
        report("walk every asset, pages of 500", String(format: "%d assets in %.2f s (%.0f assets/s), resident memory +%.1f MB",
                                                        seen, seconds, Double(seen) / seconds, Double(peak - baseline) / 1024))
        #expect(seen == count)
    }

    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func printPlans(_ filtered: AssetFetchOptions, catalog: SQLiteCatalog) throws {
        let queries: [(String, AssetFetchOptions)] = [
            ("filtered page", filtered), ("folder album page", AssetFetchOptions(album: .folder("2015/album-0500"))),
            ("name page", AssetFetchOptions(sort: AssetSort(.name))),
        ]
        try catalog.read { db in
            for (name, options) in queries {
                let query = AssetFetchQuery(options, userAlbumID: nil, dialect: .sqlite)
                let (sql, bindings) = query.pageSQL(after: nil)
                try plan(name, sql: sql, bindings: bindings + [100, 0], db: db)
                try plan("\(name) counts", sql: query.countSQL, bindings: query.bindings, db: db)
            }
            try plan("album listing, folder counts", sql: SQLiteCatalog.folderCountsSQL, bindings: [], db: db)
            try plan("album listing, user counts", sql: SQLiteCatalog.userCountsSQL, bindings: [], db: db)
            let album = AssetFetchQuery(AssetFetchOptions(album: .user("Favourites 050"), sort: .albumOrder), userAlbumID: 1, dialect: .sqlite)
            let (sql, bindings) = album.pageSQL(after: nil)
            try plan("user album page", sql: sql, bindings: bindings + [100, 0], db: db)
        }
    }

    func plan(_ name: String, sql: String, bindings: [Any?], db: SQLiteConnection) throws {
        let statement = try SQLiteStatement(connection: db, sql: "EXPLAIN QUERY PLAN " + sql)
        try statement.bindArray(bindings)
        var steps: [String] = []
        while try statement.step() { steps.append(statement.text(3)) }
        print("plan\t\(name)\t\(steps.joined(separator: "; "))")
    }

    func report(_ name: String, _ detail: String = "", seconds: Double? = nil) {
        let value = seconds.map { String(format: "%.2f s", $0) } ?? ""
        print("bench\t\(name)\t\([value, detail].filter { !$0.isEmpty }.joined(separator: ", "))")
    }

}
