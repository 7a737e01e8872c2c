/// Album listings, read on the reader connection in one snapshot.
///
/// Counts come from two grouped walks of indexes (folder albums: `assets_shown_folder_kind`;
/// user albums: `album_assets` joined to `assets_shown_members`), and each cover from one
/// index seek, so listing costs one pass over index entries, never a read of asset rows.
extension SQLiteCatalog {
    /// An album's row: its id and explicit cover. Folder albums have one only once given a
    /// cover or cover images.
    struct AlbumRow {
        var id: Int64
        var explicitCover: Int64?
    }

    public func album(titled title: String) throws -> AlbumReference? {
        try read { db in
            if try CatalogAlbums.albumRowID(.user(title), db: db) != nil { return .user(title) }
            return try CatalogAlbums.folderAlbumExists(title, db: db) ? .folder(title) : nil
        }
    }

    public func albums(includingCovers: Bool) throws -> [AlbumSummary] {
        try read { db in
            let rows = try Self.albumRows(db: db)
            let covers = includingCovers ? try Self.coverRecords(db: db) : [:]
            var summaries: [AlbumSummary] = []
            for (album, counts) in try Self.shownCounts(db: db) where counts.total > 0 {
                let row = rows[album]
                summaries.append(try Self.summary(album, counts: counts, row: row, covers: row.flatMap { covers[$0.id] } ?? [], db: db))
            }
            return AlbumOrdering.sortedForListing(summaries)
        }
    }

    public func summary(of album: AlbumReference) throws -> AlbumSummary? {
        try read { db in
            let row = try Self.albumRow(album, db: db)
            if album.kind == .user && row == nil { return nil }
            let query = AssetFetchQuery(AssetFetchOptions(album: album), userAlbumID: album.kind == .user ? row?.id : nil)
            let counts = try Self.kindCounts(query, db: db)
            if album.kind == .folder && counts.total == 0 { return nil }
            let covers = try row.map { try Self.coverRecords(ofAlbumRow: $0.id, db: db) } ?? []
            return try Self.summary(album, counts: counts, row: row, covers: covers, db: db)
        }
    }

    public func leadingAssets(of album: AlbumReference, count: Int) throws -> [Int64] {
        try read { db in try Self.leadingAssets(of: album, count: count, db: db) }
    }

    // MARK: Helpers

    /// `covers`: the album's cover records, as the caller read them (or chose not to).
    private static func summary(_ album: AlbumReference, counts: KindCounts, row: AlbumRow?,
                                covers: [CoverRecord], db: SQLiteConnection) throws -> AlbumSummary {
        let explicit = try row?.explicitCover.flatMap { try isShownMember($0, of: album, row: row, db: db) ? $0 : nil }
        let cover = try explicit ?? (album.kind == .folder ? newestAsset(inFolder: album.title, db: db)
                                                            : leadingAssets(of: album, count: 1, db: db).first)
        return AlbumSummary(album: album, counts: counts, coverAssetID: cover, coverIsExplicit: explicit != nil, covers: covers)
    }

    /// A folder album's first asset in its own order (the newest), by the fetch's own SQL,
    /// built once: a listing asks it of every folder album.
    private static let folderFirstSQL = AssetFetchQuery(AssetFetchOptions(album: .folder(""), sort: .albumOrder),
                                                        userAlbumID: nil).pageSQL(after: nil).sql

    private static func newestAsset(inFolder title: String, db: SQLiteConnection) throws -> Int64? {
        let statement = try db.statement(folderFirstSQL).bind(title, 1, 0)
        return try statement.step() ? statement.int64(0) : nil
    }

    static func leadingAssets(of album: AlbumReference, count: Int, db: SQLiteConnection) throws -> [Int64] {
        var userAlbumID: Int64?
        if album.kind == .user {
            guard let id = try CatalogAlbums.albumRowID(album, db: db) else { throw AlbumError.noSuchAlbum(album.title) }
            userAlbumID = id
        }
        let query = AssetFetchQuery(AssetFetchOptions(album: album, sort: .albumOrder), userAlbumID: userAlbumID)
        return try pageRows(query, after: nil, limit: count, offset: 0, db: db).map(\.id)
    }

    /// Whether an explicit cover still applies: shown, and still in the album (a file that
    /// moved to another folder leaves its old folder album).
    private static func isShownMember(_ asset: Int64, of album: AlbumReference, row: AlbumRow?,
                                      db: SQLiteConnection) throws -> Bool {
        switch album.kind {
        case .user:
            return try db.statement("""
                SELECT 1 FROM album_assets m JOIN assets a ON a.id = m.asset_id
                WHERE m.album_id = ? AND m.asset_id = ? AND \(ShownAssets.condition("a"))
                """).bind(row?.id, asset).step()
        case .folder:
            return try db.statement("SELECT 1 FROM assets WHERE id = ? AND album_folder = ? AND \(ShownAssets.condition)")
                .bind(asset, album.title).step()
        }
    }

    /// One album's row, or nil when it has none: one seek of the (kind, title) index.
    static func albumRow(_ album: AlbumReference, db: SQLiteConnection) throws -> AlbumRow? {
        let statement = try db.statement("SELECT id, cover_asset_id FROM albums WHERE kind = ? AND title = ?")
            .bind(album.kind.rawValue, album.title)
        guard try statement.step() else { return nil }
        return AlbumRow(id: statement.int64("id"), explicitCover: statement.optionalInt64("cover_asset_id"))
    }

    static func albumRows(db: SQLiteConnection) throws -> [AlbumReference: AlbumRow] {
        let statement = try db.statement("SELECT id, kind, title, cover_asset_id FROM albums")
        var rows: [AlbumReference: AlbumRow] = [:]
        while try statement.step() {
            guard let kind = AlbumKind(rawValue: statement.text(1)) else { continue }
            rows[AlbumReference(kind, statement.text(2))] = AlbumRow(
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
