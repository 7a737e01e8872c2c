/// Fetches (`AssetFetching`), the same on every backend: each page's ids, its records and
/// their thumbnails read together, so that a fetch returns what `show` prints.
extension CatalogDatabase {
    func fetchPage(_ options: AssetFetchOptions, after cursor: AssetCursor?, size: Int) throws -> AssetPage {
        let delivered = cursor?.delivered ?? 0
        let remaining = options.limit.map { max(0, $0 - delivered) } ?? Int.max
        let wanted = min(max(size, 0), remaining)
        guard wanted > 0 else { return AssetPage(assets: [], next: nil) }
        let (rows, assets) = try reading { db in
            let query = AssetFetchQuery(options, userAlbumID: try CatalogAlbums.userAlbumID(for: options.album, db: db), dialect: db.dialect)
            let rows = try Self.pageRows(query, after: cursor, limit: wanted, offset: cursor == nil ? options.offset : 0, db: db)
            return (rows, try CatalogRecords.records(rows.map(\.id), in: Self.self, db: db))
        }
        guard rows.count == wanted, remaining > wanted, let last = rows.last else {
            return AssetPage(assets: assets, next: nil)
        }
        return AssetPage(assets: assets, next: AssetCursor(key: last.key, id: last.id, delivered: delivered + rows.count))
    }

    func countAssets(_ options: AssetFetchOptions) throws -> KindCounts {
        try reading { db in
            try Self.kindCounts(AssetFetchQuery(options, userAlbumID: try CatalogAlbums.userAlbumID(for: options.album, db: db),
                                                dialect: db.dialect), db: db)
        }
    }

    static func pageRows(_ query: AssetFetchQuery, after cursor: AssetCursor?, limit: Int, offset: Int,
                         db: Connection) throws -> [(id: Int64, key: AssetCursor.Key)] {
        let (sql, bindings) = query.pageSQL(after: cursor)
        return try db.rows(sql, values: bindings + [limit, offset]) { row in
            (row.int64("id"), query.order.isInteger ? .integer(row.int64("sort_key")) : .text(row.text("sort_key")))
        }
    }

    static func kindCounts(_ query: AssetFetchQuery, db: Connection) throws -> KindCounts {
        var counts = KindCounts()
        try db.forEachRow(query.countSQL, query.bindings) { row in
            if let kind = AssetKind(rawValue: row.text("kind")) { counts[kind] += row.int("n") }
        }
        return counts
    }
}
