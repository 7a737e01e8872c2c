/// The listing of every album, read on the reader connection.
///
/// Counts come from two grouped walks of indexes (folder albums: `assets_shown_folder_kind`;
/// user albums: `album_assets` joined to `assets_shown_members`), and each cover from one
/// index seek, so listing costs one pass over index entries, never a read of asset rows.
extension SQLiteCatalog {
    public func albums(includingCovers: Bool) throws -> [AlbumSummary] {
        try read { db in
            let rows = try Self.albumRows(db: db)
            let covers = includingCovers ? try Self.coverRecords(db: db) : [:]
            var summaries: [AlbumSummary] = []
            for (album, counts) in try Self.shownCounts(db: db) where counts.total > 0 {
                let row = rows[album]
                let first = album.kind == .folder ? try Self.newestAsset(inFolder: album.title, db: db) : nil
                summaries.append(try Self.summary(album, counts: counts, row: row, covers: row.flatMap { covers[$0.id] } ?? [],
                                                  firstAsset: first, db: db))
            }
            return AlbumOrdering.sortedForListing(summaries)
        }
    }

    /// A folder album's first asset in its own order (the newest), by the fetch's own SQL,
    /// built once: a listing asks it of every folder album.
    private static let folderFirstSQL = AssetFetchQuery(AssetFetchOptions(album: .folder(""), sort: .albumOrder),
                                                        userAlbumID: nil, dialect: .sqlite).pageSQL(after: nil).sql

    private static func newestAsset(inFolder title: String, db: SQLiteConnection) throws -> Int64? {
        try db.first(folderFirstSQL, title, 1, 0) { $0.int64("id") }
    }

    static func albumRows(db: SQLiteConnection) throws -> [AlbumReference: CatalogAlbumRow] {
        let statement = try db.statement("SELECT id, kind, title, cover_asset_id FROM albums")
        var rows: [AlbumReference: CatalogAlbumRow] = [:]
        while try statement.step() {
            guard let kind = AlbumKind(rawValue: statement.text(1)) else { continue }
            rows[AlbumReference(kind, statement.text(2))] = CatalogAlbumRow(
                id: statement.int64(0), explicitCover: statement.isNull(3) ? nil : statement.int64(3))
        }
        return rows
    }

    /// Shown assets per folder and kind: one walk of the covering index.
    static let folderCountsSQL = """
        SELECT album_folder, kind, count(*) FROM assets INDEXED BY assets_shown_folder_kind
        WHERE \(ShownAssets.condition) GROUP BY album_folder, kind
        """

    /// Shown assets per user album and kind: each reference joined to its asset's entry in the
    /// narrow `assets_shown_members` index (not the wide row). CROSS JOIN fixes the order
    /// (SQLite never reorders it): from the albums' references to their assets, not from every
    /// shown asset to the albums that hold it.
    static let userCountsSQL = """
        SELECT al.title, a.kind, count(*)
        FROM albums al CROSS JOIN album_assets m CROSS JOIN assets a INDEXED BY assets_shown_members
        WHERE al.kind = 'user' AND m.album_id = al.id AND a.id = m.asset_id AND \(ShownAssets.condition("a"))
        GROUP BY al.id, a.kind
        """

    /// Shown assets per kind of every folder album and every user album (empty ones too).
    private static func shownCounts(db: SQLiteConnection) throws -> [AlbumReference: KindCounts] {
        var counts: [AlbumReference: KindCounts] = [:]
        let user = try db.statement("SELECT title FROM albums WHERE kind = 'user'")
        while try user.step() { counts[.user(user.text(0))] = KindCounts() }
        let sources: [(AlbumKind, String)] = [(.folder, folderCountsSQL), (.user, userCountsSQL)]
        for (kind, sql) in sources {
            let statement = try db.statement(sql)
            while try statement.step() {
                guard let assetKind = AssetKind(rawValue: statement.text(1)) else { continue }
                counts[AlbumReference(kind, statement.text(0)), default: KindCounts()][assetKind] += statement.int(2)
            }
        }
        return counts
    }
}
