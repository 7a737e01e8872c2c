/// Album listings, each read in one snapshot: counts from the kept counts per album and kind
/// (`PostgresAlbumCountsSchema`; a listing no longer counts every shown asset), with each
/// album's first asset in the same statement, one for each kind of album (a folder album's
/// kept, `PostgresFolderAlbumFirsts`; a user album's one index seek), sent together with the
/// cover records in one pipeline when the caller wants them: a listing costs a fixed number of
/// round trips whatever the number of albums, plus one for each album with an explicit cover
/// (whether it still applies). One album's summary reads that album's row and records only.
extension PostgresCatalog {
    /// An album's row: its id and explicit cover.
    struct AlbumRow {
        var id: Int64
        var explicitCover: Int64?
    }

    /// An album as `listingSQL` lists it: its row (a folder album may have none), its shown
    /// assets per kind and its first asset.
    struct ListedAlbum {
        var album: AlbumReference
        var row: AlbumRow?
        var counts: KindCounts
        var first: Int64
    }

    public func album(titled title: String) throws -> AlbumReference? {
        try read { db in
            if try CatalogAlbums.albumRowID(.user(title), db: db) != nil { return .user(title) }
            return try CatalogAlbums.folderAlbumExists(title, db: db) ? .folder(title) : nil
        }
    }

    /// The cover records (when included) and the albums are read in one pipeline
    /// (`PGConnection.pipeline`): the server computes the albums while this reads the cover
    /// records' rows. Without them the listing is one statement, its preparation sent with it.
    public func albums(includingCovers: Bool) throws -> [AlbumSummary] {
        try read { db in
            let statements = includingCovers ? [Self.coverRecordsSQL, Self.listingSQL] : [Self.listingSQL]
            let (covers, listed) = try db.pipeline(statements) { results in
                (includingCovers ? Self.coverRecords(try results.next()) : [:], Self.listedAlbums(try results.next()))
            }
            let summaries = try listed.map { listed in
                try Self.summary(listed.album, counts: listed.counts, row: listed.row, covers: listed.row.flatMap { covers[$0.id] } ?? [],
                                 firstAsset: listed.first, db: db)
            }
            return AlbumOrdering.sortedForListing(summaries)
        }
    }

    public func summary(of album: AlbumReference) throws -> AlbumSummary? {
        try read { db in
            let row = try Self.albumRow(album, db: db)
            if album.kind == .user && row == nil { return nil }
            let query = PostgresFetchQuery(AssetFetchOptions(album: album), userAlbumID: album.kind == .user ? row?.id : nil)
            let counts = try Self.kindCounts(query, db: db)
            if album.kind == .folder && counts.total == 0 { return nil }
            let covers = try row.map { try Self.coverRecords(ofAlbumRow: $0.id, db: db) } ?? []
            return try Self.summary(album, counts: counts, row: row, covers: covers, db: db)
        }
    }

    public func leadingAssets(of album: AlbumReference, count: Int) throws -> [Int64] {
        try read { db in try Self.leadingAssets(of: album, count: count, db: db) }
    }

    /// `firstAsset`: the album's first asset when the caller read it already (a listing reads
    /// every album's with its counts), else it is read here. An explicit cover is checked
    /// here, one statement per album that has one. `covers`: the album's cover records, as
    /// the caller read them (or chose not to).
    private static func summary(_ album: AlbumReference, counts: KindCounts, row: AlbumRow?, covers: [CoverRecord],
                                firstAsset: Int64? = nil, db: PGConnection) throws -> AlbumSummary {
        let explicit = try row?.explicitCover.flatMap { try isShownMember($0, of: album, row: row, db: db) ? $0 : nil }
        let cover = try explicit ?? firstAsset ?? leadingAssets(of: album, count: 1, db: db).first
        return AlbumSummary(album: album, counts: counts, coverAssetID: cover, coverIsExplicit: explicit != nil, covers: covers)
    }

    /// The album's first `count` shown assets in its own order (a folder album's newest first).
    static func leadingAssets(of album: AlbumReference, count: Int, db: PGConnection) throws -> [Int64] {
        var userAlbumID: Int64?
        if album.kind == .user {
            guard let id = try CatalogAlbums.albumRowID(album, db: db) else { throw AlbumError.noSuchAlbum(album.title) }
            userAlbumID = id
        }
        let query = PostgresFetchQuery(AssetFetchOptions(album: album, sort: .albumOrder), userAlbumID: userAlbumID)
        return try pageRows(query, after: nil, limit: count, offset: 0, db: db).map(\.id)
    }

    /// Every album that shows any asset: its row, its shown assets per kind (the kept counts,
    /// `PostgresAlbumCountsSchema`, their shards summed) and its first shown asset in its own
    /// order, in one statement (`listingSQL`) of one row per album: one round trip (a
    /// statement per album took seconds for 5,000 albums). `result` is `listingSQL`'s.
    static func listedAlbums(_ result: PGResult) -> [ListedAlbum] {
        let (kind, title, first) = (result.column("kind"), result.column("title"), result.column("first"))
        let (id, cover) = (result.column("row_id"), result.column("explicit_cover"))
        let kindColumns = AssetKind.allCases.map { ($0, result.column(countColumn($0))) }
        return result.rowIndexes.compactMap { row in
            guard let albumKind = AlbumKind(rawValue: result.text(row, kind)) else { return nil }
            var counts = KindCounts()
            for (assetKind, column) in kindColumns { counts[assetKind] = Int(result.int64(row, column)) }
            let albumRow = result.isNull(row, id) ? nil : AlbumRow(
                id: result.int64(row, id), explicitCover: result.isNull(row, cover) ? nil : result.int64(row, cover))
            return ListedAlbum(album: AlbumReference(albumKind, result.text(row, title)), row: albumRow, counts: counts,
                               first: result.int64(row, first))
        }
    }

    /// Both kinds of album: `kind`, `title`, `row_id` and `explicit_cover` (its row's, null
    /// without one), its shown assets per kind (`n_photo`...; it shows some) and `first`.
    static let listingSQL = "\(folderListingSQL)\nUNION ALL\n\(userListingSQL)"

    /// The column of one kind's count in the listing statements.
    private static func countColumn(_ kind: AssetKind) -> String { "n_\(kind.rawValue.lowercased())" }

    /// One column per kind of asset, `n_photo`..., summing a user album's kept counts of that
    /// kind over its rows. Summed as integers (a bigint result): a sum of bigints is a numeric,
    /// slower to sum; no shard row of a count comes near 2^31.
    private static var kindCountColumns: String {
        AssetKind.allCases.map { "coalesce(sum(assets::integer) FILTER (WHERE kind = '\($0.rawValue)'), 0) AS \(countColumn($0))" }
            .joined(separator: ", ")
    }

    /// One column per kind of asset, `n_photo`..., summing the folder's kept counts of that
    /// kind over its shard rows (`PostgresFolderAlbumKindCounts`).
    private static var folderKindCountColumns: String {
        AssetKind.allCases.map { "sum(\(PostgresFolderAlbumKindCounts.column(for: $0))) AS \(countColumn($0))" }.joined(separator: ", ")
    }

    /// `counts.n_photo, ...`: the count columns, in one order for both halves of `listingSQL`.
    private static var countColumnList: String {
        AssetKind.allCases.map { "counts.\(countColumn($0))" }.joined(separator: ", ")
    }

    /// Per folder album, `listingSQL`'s columns; its `first` is the first of its kept firsts'
    /// rows (`PostgresFolderAlbumFirsts`), so no seek per album.
    private static let folderListingSQL = """
        (WITH counts AS (
            SELECT title, \(folderKindCountColumns) FROM folder_album_kind_counts GROUP BY title
            HAVING sum(\(AssetKind.allCases.map(PostgresFolderAlbumKindCounts.column(for:)).joined(separator: " + "))) > 0
        ), firsts AS (
            SELECT DISTINCT ON (title) title, asset_id FROM folder_album_firsts ORDER BY title, \(PostgresFolderAlbumFirsts.rowOrder)
        )
        SELECT 'folder' AS kind, counts.title AS title, al.id AS row_id, al.cover_asset_id AS explicit_cover, \(countColumnList),
            firsts.asset_id AS first
        FROM counts JOIN firsts ON firsts.title = counts.title LEFT JOIN albums al ON al.kind = 'folder' AND al.title = counts.title)
        """

    /// Per user album, `listingSQL`'s columns; its `first` is sought, in the order
    /// `PostgresFetchQuery` gives a user album (100 albums: 100 seeks).
    private static let userListingSQL: String = {
        let order = PostgresFetchQuery(AssetFetchOptions(album: .user(""), sort: .albumOrder), userAlbumID: 0).order
        return """
            (WITH counts AS (
                SELECT album_id, \(kindCountColumns) FROM user_album_counts GROUP BY album_id HAVING sum(assets::integer) > 0
            ), firsts AS (
                SELECT album.album_id AS album_id, first.id AS id FROM counts AS album CROSS JOIN LATERAL (
                    SELECT a.id FROM album_assets m JOIN assets a ON a.id = m.asset_id
                    WHERE m.album_id = album.album_id AND \(PostgresFetchQuery.shown) ORDER BY \(order.orderBy) LIMIT 1
                ) AS first
            )
            SELECT 'user' AS kind, al.title AS title, al.id AS row_id, al.cover_asset_id AS explicit_cover, \(countColumnList),
                firsts.id AS first
            FROM counts JOIN firsts ON firsts.album_id = counts.album_id JOIN albums al ON al.id = counts.album_id AND al.kind = 'user')
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

    /// One album's row, or nil when it has none: one seek of the (kind, title) index.
    static func albumRow(_ album: AlbumReference, db: PGConnection) throws -> AlbumRow? {
        try db.query("SELECT id, cover_asset_id FROM albums WHERE kind = $1 AND title = $2", album.kind.rawValue, album.title).first
            .map { AlbumRow(id: $0.int64("id"), explicitCover: $0.optionalInt64("cover_asset_id")) }
    }

    /// Every album's cover records, in album row id then name order.
    static let coverRecordsSQL = "SELECT album_id, name, recipe, width, height, path FROM album_covers ORDER BY album_id, name"

    /// `coverRecordsSQL`'s rows, by album row id, in name order (columns looked up once: a
    /// listing reads thousands).
    static func coverRecords(_ result: PGResult) -> [Int64: [CoverRecord]] {
        var covers: [Int64: [CoverRecord]] = [:]
        let (album, name, recipe) = (result.column("album_id"), result.column("name"), result.column("recipe"))
        let (width, height, path) = (result.column("width"), result.column("height"), result.column("path"))
        for row in result.rowIndexes {
            covers[result.int64(row, album), default: []].append(CoverRecord(
                name: result.text(row, name), recipe: result.text(row, recipe), width: Int(result.int64(row, width)),
                height: Int(result.int64(row, height)), relativePath: result.text(row, path)))
        }
        return covers
    }

    /// One album's cover records (by its row id), in name order: one seek of the primary key,
    /// which leads with the album, whatever the number of albums.
    static func coverRecords(ofAlbumRow id: Int64, db: PGConnection) throws -> [CoverRecord] {
        try db.query("SELECT name, recipe, width, height, path FROM album_covers WHERE album_id = $1 ORDER BY name", id).rows.map {
            CoverRecord(name: $0.text("name"), recipe: $0.text("recipe"), width: $0.int("width"), height: $0.int("height"),
                        relativePath: $0.text("path"))
        }
    }

    public func recordCovers(_ covers: [CoverRecord], for album: AlbumReference) throws {
        try write { db in
            guard let id = try CatalogAlbums.albumRowID(album, db: db) ?? CatalogAlbums.makeFolderAlbumRow(album, db: db) else {
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
