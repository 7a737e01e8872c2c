import Foundation

/// Smart albums (`SmartAlbum`), the same on every backend: computed by the fetch queries at
/// each read, never stored; only their rendered cover images are recorded
/// (`smart_album_covers`, keyed by title), since they have no album row.
extension CatalogDatabase {
    func smartAlbums(includingCovers: Bool) throws -> [AlbumSummary] {
        try reading { db in
            let covers = includingCovers ? try Self.smartCoverRecords(db: db) : [:]
            let now = Date()
            return try SmartAlbum.allCases.map { try Self.smartSummary($0, covers: covers[$0.title] ?? [], now: now, db: db) }
        }
    }

    /// A smart album's counts and cover (its newest asset), empty rather than absent.
    static func smartSummary(_ album: SmartAlbum, covers: [CoverRecord], now: Date, db: Connection) throws -> AlbumSummary {
        let query = AssetFetchQuery(AssetFetchOptions(album: album.reference), userAlbumID: nil, dialect: db.dialect, now: now)
        let counts = try kindCounts(query, db: db)
        let first = counts.total == 0 ? nil : try pageRows(query, after: nil, limit: 1, offset: 0, db: db).first?.id
        return AlbumSummary(album: album.reference, counts: counts, coverAssetID: first, coverIsExplicit: false, covers: covers)
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
}
