/// Album listings, each read in one snapshot: counts from the kept counts per album and kind
/// (`PostgresAlbumCountsSchema`; a listing no longer counts every shown asset), with each
/// album's first asset in the same statement, one for each kind of album (a folder album's
/// kept, `PostgresFolderAlbumFirsts`; a user album's one index seek), sent together with the
/// cover records in one pipeline when the caller wants them: a listing costs a fixed number of
/// round trips whatever the number of albums, plus one for each album with an explicit cover
/// (whether it still applies). One album's summary reads that album's row and records only.
extension PostgresCatalog {
    /// An album as `listingSQL` lists it: its row (a folder album may have none), its shown
    /// assets per kind and its first asset.
    struct ListedAlbum {
        var album: AlbumReference
        var row: CatalogAlbumRow?
        var counts: KindCounts
        var first: Int64
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
            let albumRow = result.isNull(row, id) ? nil : CatalogAlbumRow(
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
    /// `AssetFetchQuery` gives a user album (100 albums: 100 seeks).
    private static let userListingSQL: String = {
        let order = AssetFetchQuery(AssetFetchOptions(album: .user(""), sort: .albumOrder), userAlbumID: 0, dialect: .postgres).order
        return """
            (WITH counts AS (
                SELECT album_id, \(kindCountColumns) FROM user_album_counts GROUP BY album_id HAVING sum(assets::integer) > 0
            ), firsts AS (
                SELECT album.album_id AS album_id, first.id AS id FROM counts AS album CROSS JOIN LATERAL (
                    SELECT a.id FROM album_assets m JOIN assets a ON a.id = m.asset_id
                    WHERE m.album_id = album.album_id AND \(ShownAssets.condition("a")) ORDER BY \(order.orderBy) LIMIT 1
                ) AS first
            )
            SELECT 'user' AS kind, al.title AS title, al.id AS row_id, al.cover_asset_id AS explicit_cover, \(countColumnList),
                firsts.id AS first
            FROM counts JOIN firsts ON firsts.album_id = counts.album_id JOIN albums al ON al.id = counts.album_id AND al.kind = 'user')
            """
    }()

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
}
