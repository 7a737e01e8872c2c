/// Album listings, each read in one snapshot: counts from two grouped scans (folder albums
/// by `assets_shown_folder_kind`, user albums by their references joined to shown assets),
/// and each cover from one index seek.
extension PostgresCatalog {
    /// An album's row: its id and explicit cover.
    struct AlbumRow {
        var id: Int64
        var explicitCover: Int64?
    }

    public func album(titled title: String) throws -> AlbumReference? {
        try read { db in
            if try Self.albumRowID(.user(title), db: db) != nil { return .user(title) }
            return try Self.folderAlbumExists(title, db: db) ? .folder(title) : nil
        }
    }

    public func albums() throws -> [AlbumSummary] {
        try read { db in
            let rows = try Self.albumRows(db: db)
            let covers = try Self.coverRecords(db: db)
            let listed = try Self.shownCounts(db: db).filter { $0.value.total > 0 }
            let firsts = try Self.firstAssets(ofFolders: listed.keys.filter { $0.kind == .folder }.map(\.title), db: db)
            var summaries: [AlbumSummary] = []
            for (album, counts) in listed {
                summaries.append(try Self.summary(album, counts: counts, row: rows[album], covers: covers,
                                                  firstAsset: album.kind == .folder ? firsts[album.title] : nil, db: db))
            }
            return summaries.sorted(by: AlbumOrdering.listing)
        }
    }

    public func summary(of album: AlbumReference) throws -> AlbumSummary? {
        try read { db in
            let row = try Self.albumRows(db: db)[album]
            if album.kind == .user && row == nil { return nil }
            let query = PostgresFetchQuery(AssetFetchOptions(album: album), userAlbumID: album.kind == .user ? row?.id : nil)
            let counts = try Self.kindCounts(query, db: db)
            if album.kind == .folder && counts.total == 0 { return nil }
            return try Self.summary(album, counts: counts, row: row, covers: try Self.coverRecords(db: db), db: db)
        }
    }

    public func leadingAssets(of album: AlbumReference, count: Int) throws -> [Int64] {
        try read { db in try Self.leadingAssets(of: album, count: count, db: db) }
    }

    /// `firstAsset`: the album's first asset when the caller read it already (a listing reads
    /// every folder album's at once), else it is read here.
    private static func summary(_ album: AlbumReference, counts: KindCounts, row: AlbumRow?, covers: [Int64: [CoverRecord]],
                                firstAsset: Int64? = nil, db: PGConnection) throws -> AlbumSummary {
        let explicit = try row?.explicitCover.flatMap { try isShownMember($0, of: album, row: row, db: db) ? $0 : nil }
        let cover = try explicit ?? firstAsset ?? leadingAssets(of: album, count: 1, db: db).first
        return AlbumSummary(album: album, counts: counts, coverAssetID: cover, coverIsExplicit: explicit != nil,
                            covers: row.flatMap { covers[$0.id] } ?? [])
    }

    /// The album's first `count` shown assets in its own order (a folder album's newest first).
    static func leadingAssets(of album: AlbumReference, count: Int, db: PGConnection) throws -> [Int64] {
        var userAlbumID: Int64?
        if album.kind == .user {
            guard let id = try albumRowID(album, db: db) else { throw AlbumError.noSuchAlbum(album.title) }
            userAlbumID = id
        }
        let query = PostgresFetchQuery(AssetFetchOptions(album: album, sort: .albumOrder), userAlbumID: userAlbumID)
        return try pageRows(query, after: nil, limit: count, offset: 0, db: db).map(\.id)
    }

    /// The first shown asset, in their own order (newest first), of each folder album titled
    /// in `titles`, in one statement: one index seek each, as `leadingAssets` makes, but one
    /// round trip for all (a statement per album took seconds for 5,000 albums).
    static func firstAssets(ofFolders titles: [String], db: PGConnection) throws -> [String: Int64] {
        guard !titles.isEmpty else { return [:] }
        var firsts: [String: Int64] = [:]
        for row in try db.query(folderFirstsSQL, textArray(titles)).rows { firsts[row.text("title")] = row.int64("id") }
        return firsts
    }

    /// Each folder's first asset, ordered as `PostgresFetchQuery` orders a folder album.
    static let folderFirstsSQL: String = {
        let order = PostgresFetchQuery(AssetFetchOptions(album: .folder(""), sort: .albumOrder), userAlbumID: nil).order
        let direction = order.ascending ? "ASC" : "DESC"
        return """
            SELECT folder.title AS title, first.id AS id FROM unnest($1::text[]) AS folder(title) CROSS JOIN LATERAL (
                SELECT a.id FROM assets a WHERE a.album_folder = folder.title AND \(PostgresFetchQuery.shown)
                ORDER BY \(order.expression) \(direction), a.id \(direction) LIMIT 1
            ) AS first
            """
    }()

    /// Whether an explicit cover still applies: shown, and still in the album.
    private static func isShownMember(_ asset: Int64, of album: AlbumReference, row: AlbumRow?, db: PGConnection) throws -> Bool {
        switch album.kind {
        case .user:
            return try db.query("""
                SELECT 1 AS one FROM album_assets m JOIN assets a ON a.id = m.asset_id
                WHERE m.album_id = $1 AND m.asset_id = $2 AND \(PostgresFetchQuery.shown)
                """, row?.id, asset).count > 0
        case .folder:
            return try db.query("SELECT 1 AS one FROM assets a WHERE a.id = $1 AND a.album_folder = $2 AND \(PostgresFetchQuery.shown)",
                                asset, album.title).count > 0
        }
    }

    static func albumRows(db: PGConnection) throws -> [AlbumReference: AlbumRow] {
        var rows: [AlbumReference: AlbumRow] = [:]
        for row in try db.query("SELECT id, kind, title, cover_asset_id FROM albums").rows {
            guard let kind = AlbumKind(rawValue: row.text("kind")) else { continue }
            rows[AlbumReference(kind, row.text("title"))] = AlbumRow(id: row.int64("id"), explicitCover: row.optionalInt64("cover_asset_id"))
        }
        return rows
    }

    /// Shown assets per folder album and kind (`title`, `kind`, `n`).
    static let folderCountsSQL = """
        SELECT a.album_folder AS title, a.kind AS kind, count(*) AS n FROM assets a WHERE \(PostgresFetchQuery.shown) GROUP BY 1, 2
        """

    /// Shown assets per user album and kind (`title`, `kind`, `n`); empty albums have no row.
    static let userCountsSQL = """
        SELECT al.title AS title, a.kind AS kind, count(*) AS n FROM albums al JOIN album_assets m ON m.album_id = al.id
        JOIN assets a ON a.id = m.asset_id WHERE al.kind = 'user' AND \(PostgresFetchQuery.shown) GROUP BY al.id, al.title, a.kind
        """

    /// Shown assets per kind of every folder album and every user album (empty ones too).
    private static func shownCounts(db: PGConnection) throws -> [AlbumReference: KindCounts] {
        var counts: [AlbumReference: KindCounts] = [:]
        for row in try db.query("SELECT title FROM albums WHERE kind = 'user'").rows { counts[.user(row.text("title"))] = KindCounts() }
        for (kind, sql) in [(AlbumKind.folder, folderCountsSQL), (.user, userCountsSQL)] {
            for row in try db.query(sql).rows {
                guard let assetKind = AssetKind(rawValue: row.text("kind")) else { continue }
                counts[AlbumReference(kind, row.text("title")), default: KindCounts()][assetKind] += row.int("n")
            }
        }
        return counts
    }

    /// Every album's cover records, by album row id, in name order.
    static func coverRecords(db: PGConnection) throws -> [Int64: [CoverRecord]] {
        var covers: [Int64: [CoverRecord]] = [:]
        for row in try db.query("SELECT album_id, name, recipe, width, height, path FROM album_covers ORDER BY album_id, name").rows {
            covers[row.int64("album_id"), default: []].append(CoverRecord(
                name: row.text("name"), recipe: row.text("recipe"), width: row.int("width"), height: row.int("height"),
                relativePath: row.text("path")))
        }
        return covers
    }

    public func recordCovers(_ covers: [CoverRecord], for album: AlbumReference) throws {
        try write { db in
            guard let id = try Self.albumRowID(album, db: db) ?? Self.makeFolderAlbumRow(album, db: db) else {
                throw AlbumError.noSuchAlbum(album.title)
            }
            try db.query("DELETE FROM album_covers WHERE album_id = $1", id)
            for cover in covers {
                try db.query("INSERT INTO album_covers (album_id, name, recipe, width, height, path) VALUES ($1, $2, $3, $4, $5, $6)",
                             id, cover.name, cover.recipe, cover.width, cover.height, cover.relativePath)
            }
        }
    }

    public func recordedCoverPaths() throws -> Set<String> {
        try distinctPaths(in: "album_covers")
    }
}
