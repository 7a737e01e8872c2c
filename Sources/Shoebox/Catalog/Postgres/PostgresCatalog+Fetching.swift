/// Pages and counts: each page's ids, its records and their thumbnails from one snapshot.
extension PostgresCatalog: AssetFetching {
    public func fetchPage(_ options: AssetFetchOptions, after cursor: AssetCursor?, size: Int) throws -> AssetPage {
        let delivered = cursor?.delivered ?? 0
        let remaining = options.limit.map { max(0, $0 - delivered) } ?? Int.max
        let wanted = min(max(size, 0), remaining)
        guard wanted > 0 else { return AssetPage(assets: [], next: nil) }
        let (rows, assets) = try read { db in
            let query = PostgresFetchQuery(options, userAlbumID: try CatalogAlbums.userAlbumID(for: options.album, db: db))
            let rows = try Self.pageRows(query, after: cursor, limit: wanted, offset: cursor == nil ? options.offset : 0, db: db)
            return (rows, try CatalogRecords.records(rows.map(\.id), in: Self.self, db: db))
        }
        guard rows.count == wanted, remaining > wanted, let last = rows.last else {
            return AssetPage(assets: assets, next: nil)
        }
        return AssetPage(assets: assets, next: AssetCursor(key: last.key, id: last.id, delivered: delivered + rows.count))
    }

    public func countAssets(_ options: AssetFetchOptions) throws -> KindCounts {
        try read { db in
            try Self.kindCounts(PostgresFetchQuery(options, userAlbumID: try CatalogAlbums.userAlbumID(for: options.album, db: db)), db: db)
        }
    }

    static func pageRows(_ query: PostgresFetchQuery, after cursor: AssetCursor?, limit: Int, offset: Int,
                         db: PGConnection) throws -> [(id: Int64, key: AssetCursor.Key)] {
        let (sql, bindings) = query.pageSQL(after: cursor)
        return try db.query(sql, parameters: bindings + [limit, offset]).rows.map { row in
            (row.int64("id"), query.order.isInteger ? .integer(row.int64("sort_key")) : .text(row.text("sort_key")))
        }
    }

    static func kindCounts(_ query: PostgresFetchQuery, db: PGConnection) throws -> KindCounts {
        var counts = KindCounts()
        for row in try db.query(query.countSQL, parameters: query.bindings).rows {
            if let kind = AssetKind(rawValue: row.text("kind")) { counts[kind] += row.int("n") }
        }
        return counts
    }
}
