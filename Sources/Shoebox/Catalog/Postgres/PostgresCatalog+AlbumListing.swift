/// Album listings, each read in one snapshot: counts from the kept counts per album and kind
/// (`PostgresAlbumCountsSchema`; a listing no longer counts every shown asset), and the
/// covers from one statement per kind of album (one index seek per album), so a listing
/// costs a fixed number of round trips whatever the number of albums.
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
            let firsts = try Self.firstAssets(db: db)
            var summaries: [AlbumSummary] = []
            for (album, counts) in listed {
                summaries.append(try Self.summary(album, counts: counts, row: rows[album], covers: covers,
                                                  firstAsset: firsts[album], db: db))
            }
            return AlbumOrdering.sortedForListing(summaries)
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

    /// The first shown asset, in the album's own order, of every album that shows one: one
    /// statement for each kind of album, one index seek per album in it (a statement per
    /// album took seconds for 5,000 albums).
    static func firstAssets(db: PGConnection) throws -> [AlbumReference: Int64] {
        var firsts: [AlbumReference: Int64] = [:]
        for (kind, sql) in [(AlbumKind.folder, folderFirstsSQL), (.user, userFirstsSQL)] {
            let result = try db.query(sql)
            let (title, id) = (result.column("title"), result.column("id"))
            for row in result.rowIndexes { firsts[AlbumReference(kind, result.text(row, title))] = result.int64(row, id) }
        }
        return firsts
    }

    /// The first asset of each folder album the kept counts list, ordered as
    /// `PostgresFetchQuery` orders a folder album.
    static let folderFirstsSQL: String = {
        let order = PostgresFetchQuery(AssetFetchOptions(album: .folder(""), sort: .albumOrder), userAlbumID: nil).order
        return """
            SELECT folder.title AS title, first.id AS id
            FROM (SELECT title FROM folder_album_counts GROUP BY title HAVING sum(assets) > 0) AS folder CROSS JOIN LATERAL (
                SELECT a.id FROM assets a WHERE a.album_folder = folder.title AND \(PostgresFetchQuery.shown)
                ORDER BY \(orderBy(order)) LIMIT 1
            ) AS first
            """
    }()

    /// Each user album's first shown asset, ordered as `PostgresFetchQuery` orders a user album.
    static let userFirstsSQL: String = {
        let order = PostgresFetchQuery(AssetFetchOptions(album: .user(""), sort: .albumOrder), userAlbumID: 0).order
        return """
            SELECT al.title AS title, first.id AS id FROM albums al CROSS JOIN LATERAL (
                SELECT a.id FROM album_assets m JOIN assets a ON a.id = m.asset_id
                WHERE m.album_id = al.id AND \(PostgresFetchQuery.shown) ORDER BY \(orderBy(order)) LIMIT 1
            ) AS first WHERE al.kind = 'user'
            """
    }()

    private static func orderBy(_ order: PostgresFetchQuery.Order) -> String {
        let direction = order.ascending ? "ASC" : "DESC"
        return "\(order.expression) \(direction), a.id \(direction)"
    }

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
        let result = try db.query("SELECT id, kind, title, cover_asset_id FROM albums")
        let (id, kind, title, cover) = (result.column("id"), result.column("kind"), result.column("title"), result.column("cover_asset_id"))
        for row in result.rowIndexes {
            guard let albumKind = AlbumKind(rawValue: result.text(row, kind)) else { continue }
            rows[AlbumReference(albumKind, result.text(row, title))] = AlbumRow(
                id: result.int64(row, id), explicitCover: result.isNull(row, cover) ? nil : result.int64(row, cover))
        }
        return rows
    }

    /// Shown assets per folder album and kind (`title`, `kind`, `n`), from the kept counts
    /// (`PostgresAlbumCountsSchema`), their shards summed.
    static let folderCountsSQL = """
        SELECT title, kind, sum(assets)::bigint AS n FROM folder_album_counts GROUP BY title, kind HAVING sum(assets) > 0
        """

    /// Shown assets per user album and kind (`title`, `kind`, `n`), from the kept counts; empty
    /// albums have no row.
    static let userCountsSQL = """
        SELECT al.title AS title, c.kind AS kind, sum(c.assets)::bigint AS n FROM user_album_counts c
        JOIN albums al ON al.id = c.album_id WHERE al.kind = 'user' GROUP BY al.id, al.title, c.kind HAVING sum(c.assets) > 0
        """

    /// Shown assets per kind of every folder album and every user album (empty ones too).
    private static func shownCounts(db: PGConnection) throws -> [AlbumReference: KindCounts] {
        var counts: [AlbumReference: KindCounts] = [:]
        for row in try db.query("SELECT title FROM albums WHERE kind = 'user'").rows { counts[.user(row.text("title"))] = KindCounts() }
        for (kind, sql) in [(AlbumKind.folder, folderCountsSQL), (.user, userCountsSQL)] {
            let result = try db.query(sql)
            let (title, assetKindColumn, n) = (result.column("title"), result.column("kind"), result.column("n"))
            for row in result.rowIndexes {
                guard let assetKind = AssetKind(rawValue: result.text(row, assetKindColumn)) else { continue }
                counts[AlbumReference(kind, result.text(row, title)), default: KindCounts()][assetKind] += Int(result.int64(row, n))
            }
        }
        return counts
    }

    /// Every album's cover records, by album row id, in name order.
    static func coverRecords(db: PGConnection) throws -> [Int64: [CoverRecord]] {
        var covers: [Int64: [CoverRecord]] = [:]
        let result = try db.query("SELECT album_id, name, recipe, width, height, path FROM album_covers ORDER BY album_id, name")
        let (album, name, recipe) = (result.column("album_id"), result.column("name"), result.column("recipe"))
        let (width, height, path) = (result.column("width"), result.column("height"), result.column("path"))
        for row in result.rowIndexes {
            covers[result.int64(row, album), default: []].append(CoverRecord(
                name: result.text(row, name), recipe: result.text(row, recipe), width: Int(result.int64(row, width)),
                height: Int(result.int64(row, height)), relativePath: result.text(row, path)))
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
