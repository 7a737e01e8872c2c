import Foundation

/// Smart albums (`SmartAlbum`), the same on every backend: computed by the fetch queries'
/// conditions at each read, never stored; only their rendered cover images are recorded
/// (`smart_album_covers`, keyed by title), since they have no album row.
///
/// Every smart album of shown assets is counted in one pass over them (a column of counts and
/// one of newest keys per album), then each non-empty one's cover is one seek by that key: a
/// listing costs one scan whatever the number of smart albums, not one per album. Hidden,
/// whose assets the shown leave out, is counted through its own index.
extension CatalogDatabase {
    func smartAlbums(includingCovers: Bool) throws -> [AlbumSummary] {
        try reading { db in
            let covers = includingCovers ? try Self.smartCoverRecords(db: db) : [:]
            return try Self.smartSummaries(SmartAlbum.allCases, covers: covers, now: Date(), db: db)
        }
    }

    /// The albums' counts and covers (each one's first asset in its own order), empty albums
    /// listed too.
    static func smartSummaries(_ albums: [SmartAlbum], covers: [String: [CoverRecord]], now: Date,
                               db: Connection) throws -> [AlbumSummary] {
        let shown = albums.filter { !$0.showsHiddenAssets }
        var summaries = Dictionary(uniqueKeysWithValues: zip(shown, try shownSummaries(shown, covers: covers, now: now, db: db)))
        for album in albums where album.showsHiddenAssets {
            summaries[album] = try summary(ofHidden: album, covers: covers, now: now, db: db)
        }
        return albums.compactMap { summaries[$0] }
    }

    /// A smart album of hidden assets, counted and its cover found through its own index.
    private static func summary(ofHidden album: SmartAlbum, covers: [String: [CoverRecord]], now: Date,
                                db: Connection) throws -> AlbumSummary {
        let query = AssetFetchQuery(AssetFetchOptions(album: album.reference), userAlbumID: nil, dialect: db.dialect, now: now)
        let counts = try kindCounts(query, db: db)
        let page = query.pageSQL(after: nil)
        let cover = counts.total == 0 ? nil : try db.rows(page.sql, values: page.bindings + [1, 0]) { $0.int64("id") }.first
        return AlbumSummary(album: album.reference, counts: counts, coverAssetID: cover,
                            coverIsExplicit: false, covers: covers[album.title] ?? [])
    }

    /// Smart albums of shown assets, in one scan of them.
    private static func shownSummaries(_ albums: [SmartAlbum], covers: [String: [CoverRecord]], now: Date,
                                       db: Connection) throws -> [AlbumSummary] {
        guard !albums.isEmpty else { return [] }
        let queries = albums.map { AssetFetchQuery(AssetFetchOptions(album: $0.reference), userAlbumID: nil, dialect: db.dialect, now: now) }
        var columns: [String] = [], bindings: [Any?] = []
        for (index, query) in queries.enumerated() {
            let condition = query.conditions.dropFirst().joined(separator: " AND ")   // the first is the shown assets'
            columns.append("sum(CASE WHEN \(condition) THEN 1 ELSE 0 END) AS n\(index)")
            columns.append("max(CASE WHEN \(condition) THEN \(query.order.expression) END) AS k\(index)")
            bindings += query.bindings + query.bindings
        }
        var counts = [KindCounts](repeating: KindCounts(), count: albums.count)
        var newest = [String?](repeating: nil, count: albums.count)
        let sql = "SELECT a.kind AS kind, \(columns.joined(separator: ", ")) FROM assets a WHERE \(ShownAssets.condition("a")) GROUP BY a.kind"
        try db.forEachRow(sql, bindings) { row in
            guard let kind = AssetKind(rawValue: row.text("kind")) else { return }
            for index in albums.indices {
                counts[index][kind] += row.int("n\(index)")
                if let key = row.optionalText("k\(index)"), key > (newest[index] ?? "") { newest[index] = key }
            }
        }
        return try albums.indices.map { index in
            let cover = try newest[index].flatMap { try firstAsset(of: queries[index], at: $0, db: db) }
            return AlbumSummary(album: albums[index].reference, counts: counts[index], coverAssetID: cover, coverIsExplicit: false,
                                covers: covers[albums[index].title] ?? [])
        }
    }

    /// The first asset of `query`'s order among those whose order key is `key`: the largest
    /// id, as ties go in the order's direction (a smart album's own order is descending).
    private static func firstAsset(of query: AssetFetchQuery, at key: String, db: Connection) throws -> Int64? {
        let sql = "SELECT a.id AS id FROM assets a WHERE \(query.conditions.joined(separator: " AND ")) "
            + "AND \(query.order.expression) = ? ORDER BY a.id DESC LIMIT 1"
        return try db.rows(sql, values: query.bindings + [key]) { $0.int64("id") }.first
    }

    /// Every smart album's cover records, by title, in name order.
    static func smartCoverRecords(db: Connection) throws -> [String: [CoverRecord]] {
        var covers: [String: [CoverRecord]] = [:]
        try db.forEachRow("SELECT title, name, recipe, width, height, path FROM smart_album_covers ORDER BY title, name", []) {
            covers[$0.text("title"), default: []].append(coverRecord($0))
        }
        return covers
    }

    static func recordSmartCovers(_ covers: [CoverRecord], for album: SmartAlbum, db: Connection) throws {
        try db.run("DELETE FROM smart_album_covers WHERE title = ?", album.title)
        for cover in covers {
            try db.run("INSERT INTO smart_album_covers (title, name, recipe, width, height, path) VALUES (?, ?, ?, ?, ?, ?)",
                       album.title, cover.name, cover.recipe, cover.width, cover.height, cover.relativePath)
        }
    }

    /// Marks (or with nil, unmarks) assets as the person's favorites, whatever their rating;
    /// kept across re-ingests and moves (the row keeps its id). Unknown ids refuse the whole edit.
    func setFavorite(_ mark: Bool?, for ids: [Int64]) throws {
        try writing { db in
            try CatalogAlbums.requireAssets(ids, db: db)
            try db.run("UPDATE assets SET favorite = ? WHERE \(db.isAmongIDs("id"))", mark.map { $0 ? 1 : 0 }, db.idList(ids))
        }
    }

    /// Sets or takes away the person's hidden mark, then settles `hidden` from it and the
    /// rows' other causes (`CatalogVisibility`); kept across re-ingests and moves.
    func setHidden(_ hidden: Bool, for ids: [Int64]) throws {
        try writing { db in
            try CatalogAlbums.requireAssets(ids, db: db)
            try db.run("UPDATE assets SET hidden_mark = ? WHERE \(db.isAmongIDs("id"))", hidden ? 1 : nil, db.idList(ids))
            try CatalogVisibility.settle(ids, db: db)
        }
    }

    /// The pick moves to `id` from any other frame of its burst (same key, root and folder),
    /// and the burst chooses again.
    func pickBurstRepresentative(_ id: Int64) throws {
        try writing { db in
            try CatalogAlbums.requireAssets([id], db: db)
            guard let burst = try db.first("SELECT burst_key, root, album_folder FROM assets WHERE id = ? AND burst_key IS NOT NULL",
                                           id, as: { ($0.text("burst_key"), $0.text("root"), $0.text("album_folder")) }) else {
                throw AlbumError.notABurstFrame(id)
            }
            try db.run("UPDATE assets SET burst_pick = NULL WHERE burst_key = ? AND root = ? AND album_folder = ? AND burst_pick IS NOT NULL",
                       burst.0, burst.1, burst.2)
            try db.run("UPDATE assets SET burst_pick = 1 WHERE id = ?", id)
            try CatalogBursts.rechoose([burst.0], db: db)
        }
    }
}
