import Foundation

/// One album's summary and first assets, and albums' cover images, the same on every backend.
/// The listing of every album (`albums(includingCovers:)`) is each backend's own: SQLite walks
/// its covering indexes, PostgreSQL reads the counts and firsts its triggers keep.
extension CatalogDatabase {
    func album(titled title: String) throws -> AlbumReference? {
        try reading { db in
            if try CatalogAlbums.albumRowID(.user(title), db: db) != nil { return .user(title) }
            if try CatalogAlbums.folderAlbumExists(title, db: db) { return .folder(title) }
            return SmartAlbum(title: title)?.reference
        }
    }

    func summary(of album: AlbumReference) throws -> AlbumSummary? {
        if album.kind == .smart {
            guard let smart = SmartAlbum(title: album.title) else { return nil }
            return try reading { db in
                try Self.smartSummaries([smart], covers: Self.smartCoverRecords(db: db), now: Date(), db: db).first
            }
        }
        return try reading { db in
            let row = try CatalogAlbumRow.read(album, db: db)
            if album.kind == .user && row == nil { return nil }
            let query = AssetFetchQuery(AssetFetchOptions(album: album), userAlbumID: album.kind == .user ? row?.id : nil,
                                        dialect: db.dialect)
            let counts = try Self.kindCounts(query, db: db)
            if album.kind == .folder && counts.total == 0 { return nil }
            let covers = try row.map { try Self.coverRecords(ofAlbumRow: $0.id, db: db) } ?? []
            return try Self.summary(album, counts: counts, row: row, covers: covers, db: db)
        }
    }

    func leadingAssets(of album: AlbumReference, count: Int) throws -> [Int64] {
        try reading { db in try Self.leadingAssets(of: album, count: count, db: db) }
    }

    /// The album's summary. `firstAsset`: the album's first asset when the caller read it
    /// already (a listing reads every album's), else it is read here. An explicit cover is
    /// checked here (shown, and still in the album). `covers`: the album's cover records, as
    /// the caller read them (or chose not to).
    static func summary(_ album: AlbumReference, counts: KindCounts, row: CatalogAlbumRow?, covers: [CoverRecord],
                        firstAsset: Int64? = nil, db: Connection) throws -> AlbumSummary {
        let explicit = try row?.explicitCover.flatMap { try isShownMember($0, of: album, row: row, db: db) ? $0 : nil }
        let cover = try explicit ?? firstAsset ?? leadingAssets(of: album, count: 1, db: db).first
        return AlbumSummary(album: album, counts: counts, coverAssetID: cover, coverIsExplicit: explicit != nil, covers: covers)
    }

    /// The album's first `count` shown assets in its own order (a folder album's newest first).
    static func leadingAssets(of album: AlbumReference, count: Int, db: Connection) throws -> [Int64] {
        var userAlbumID: Int64?
        if album.kind == .user {
            guard let id = try CatalogAlbums.albumRowID(album, db: db) else { throw AlbumError.noSuchAlbum(album.title) }
            userAlbumID = id
        }
        let query = AssetFetchQuery(AssetFetchOptions(album: album, sort: .albumOrder), userAlbumID: userAlbumID, dialect: db.dialect)
        return try pageRows(query, after: nil, limit: count, offset: 0, db: db).map(\.id)
    }

    /// Whether an explicit cover still applies: shown, and still in the album (a file that
    /// moved to another folder leaves its old folder album).
    private static func isShownMember(_ asset: Int64, of album: AlbumReference, row: CatalogAlbumRow?, db: Connection) throws -> Bool {
        switch album.kind {
        case .user:
            return try db.first("""
                SELECT 1 AS one FROM album_assets m JOIN assets a ON a.id = m.asset_id
                WHERE m.album_id = ? AND m.asset_id = ? AND \(ShownAssets.condition("a"))
                """, row?.id, asset) { _ in true } != nil
        case .folder:
            return try db.first("SELECT 1 AS one FROM assets WHERE id = ? AND album_folder = ? AND \(ShownAssets.condition)",
                                asset, album.title) { _ in true } != nil
        case .smart:
            return false   // a smart album has no explicit cover
        }
    }

    // MARK: Cover images

    func recordCovers(_ covers: [CoverRecord], for album: AlbumReference) throws {
        if album.kind == .smart {
            guard let smart = SmartAlbum(title: album.title) else { throw AlbumError.noSuchAlbum(album.title) }
            return try writing { db in try Self.recordSmartCovers(covers, for: smart, db: db) }
        }
        try writing { db in
            guard let id = try CatalogAlbums.albumRowID(album, db: db) ?? CatalogAlbums.makeFolderAlbumRow(album, db: db) else {
                throw AlbumError.noSuchAlbum(album.title)
            }
            try db.run("DELETE FROM album_covers WHERE album_id = ?", id)
            for cover in covers {
                try db.run("INSERT INTO album_covers (album_id, name, recipe, width, height, path) VALUES (?, ?, ?, ?, ?, ?)",
                           id, cover.name, cover.recipe, cover.width, cover.height, cover.relativePath)
            }
        }
    }

    func recordedCoverPaths() throws -> Set<String> {
        try distinctPaths(in: "album_covers").union(distinctPaths(in: "smart_album_covers"))
    }

    /// Every album's cover records, in album row id then name order.
    static var coverRecordsSQL: String { "SELECT album_id, name, recipe, width, height, path FROM album_covers ORDER BY album_id, name" }

    /// Every album's cover records, by album row id, in name order.
    static func coverRecords(db: Connection) throws -> [Int64: [CoverRecord]] {
        var covers: [Int64: [CoverRecord]] = [:]
        try db.forEachRow(coverRecordsSQL, []) { covers[$0.int64("album_id"), default: []].append(coverRecord($0)) }
        return covers
    }

    /// One album's cover records (by its row id), in name order: one seek of the primary key,
    /// which leads with the album, whatever the number of albums.
    static func coverRecords(ofAlbumRow id: Int64, db: Connection) throws -> [CoverRecord] {
        try db.rows("SELECT name, recipe, width, height, path FROM album_covers WHERE album_id = ? ORDER BY name", id, as: coverRecord)
    }

    static func coverRecord(_ row: any CatalogRow) -> CoverRecord {
        CoverRecord(name: row.text("name"), recipe: row.text("recipe"), width: row.int("width"), height: row.int("height"),
                    relativePath: row.text("path"))
    }
}
