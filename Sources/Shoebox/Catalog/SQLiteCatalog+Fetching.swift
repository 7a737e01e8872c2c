extension SQLiteCatalog: AssetFetching {
    public func fetchPage(_ options: AssetFetchOptions, after cursor: AssetCursor?, size: Int) throws -> AssetPage {
        let delivered = cursor?.delivered ?? 0
        let remaining = options.limit.map { max(0, $0 - delivered) } ?? Int.max
        let wanted = min(max(size, 0), remaining)
        guard wanted > 0 else { return AssetPage(assets: [], next: nil) }
        let (rows, assets) = try read { db in
            let query = AssetFetchQuery(options, userAlbumID: try CatalogAlbums.userAlbumID(for: options.album, db: db))
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
            let query = AssetFetchQuery(options, userAlbumID: try CatalogAlbums.userAlbumID(for: options.album, db: db))
            return try Self.kindCounts(query, db: db)
        }
    }

    static func pageRows(_ query: AssetFetchQuery, after cursor: AssetCursor?, limit: Int, offset: Int,
                         db: SQLiteConnection) throws -> [(id: Int64, key: AssetCursor.Key)] {
        let (sql, bindings) = query.pageSQL(after: cursor)
        let statement = try db.statement(sql).bindArray(bindings + [limit, offset])
        var rows: [(id: Int64, key: AssetCursor.Key)] = []
        while try statement.step() {
            let key: AssetCursor.Key = query.order.isInteger ? .integer(statement.int64(1)) : .text(statement.text(1))
            rows.append((statement.int64(0), key))
        }
        return rows
    }

    static func kindCounts(_ query: AssetFetchQuery, db: SQLiteConnection) throws -> KindCounts {
        let statement = try db.statement(query.countSQL).bindArray(query.bindings)
        var counts = KindCounts()
        while try statement.step() {
            if let kind = AssetKind(rawValue: statement.text(0)) { counts[kind] += statement.int(1) }
        }
        return counts
    }
}
