/// The album rules the core's edits, covers and fetches share: which rows an album is, what
/// may join it, and how a changed order is written.
enum CatalogAlbums {
    /// The row id of `album`, nil when it has none (a folder album gets a row only to hold a cover).
    static func albumRowID(_ album: AlbumReference, db: some CatalogSQL) throws -> Int64? {
        try db.first("SELECT id FROM albums WHERE kind = ? AND title = ?", album.kind.rawValue, album.title) { $0.int64("id") }
    }

    /// The row id of a user album, nil for a folder album or none; throws when the user album
    /// does not exist.
    static func userAlbumID(for album: AlbumReference?, db: some CatalogSQL) throws -> Int64? {
        guard let album, album.kind == .user else { return nil }
        guard let id = try albumRowID(album, db: db) else { throw AlbumError.noSuchAlbum(album.title) }
        return id
    }

    /// The row id of user album `title`; `locking` holds its row until the transaction ends,
    /// so that concurrent edits of one album run one after the other.
    static func requireUserAlbum(_ title: String, db: some CatalogSQL, locking: Bool = false) throws -> Int64 {
        if let id = try db.first("SELECT id FROM albums WHERE kind = 'user' AND title = ?\(locking ? db.lockingSelectedRows : "")",
                                 title, as: { $0.int64("id") }) {
            return id
        }
        if try folderAlbumExists(title, db: db) { throw AlbumError.notAUserAlbum(title) }
        if let smart = SmartAlbum(title: title) { throw AlbumError.smartAlbum(smart.title) }
        throw AlbumError.noSuchAlbum(title)
    }

    /// Refuses a new user album title that a smart album or a shown folder album holds.
    static func requireFreeTitle(_ title: String, db: some CatalogSQL) throws {
        if SmartAlbum(title: title) != nil { throw AlbumError.reservedTitle(title, by: .smart) }
        if try folderAlbumExists(title, db: db) { throw AlbumError.reservedTitle(title, by: .folder) }
    }

    /// Whether a folder album of that title shows any asset now.
    static func folderAlbumExists(_ title: String, db: some CatalogSQL) throws -> Bool {
        try db.first("""
            SELECT 1 AS one FROM assets\(db.usingIndex("assets_shown_folder_kind")) WHERE album_folder = ? AND \(ShownAssets.condition) LIMIT 1
            """, title) { _ in true } ?? false
    }

    static func requireAssets(_ ids: [Int64], db: some CatalogSQL) throws {
        let known = Set(try db.rows("SELECT id FROM assets WHERE \(db.isAmongIDs("id"))", db.idList(ids)) { $0.int64("id") })
        if let unknown = ids.first(where: { !known.contains($0) }) { throw AlbumError.noSuchAsset(unknown) }
    }

    /// A cover must be an asset the album shows now.
    static func requireCoverCandidate(_ asset: Int64, of album: AlbumReference, db: some CatalogSQL) throws {
        guard let (shown, folder) = try db.first("""
            SELECT CASE WHEN \(ShownAssets.condition) THEN 1 ELSE 0 END AS shown, album_folder FROM assets WHERE id = ?
            """, asset, as: { ($0.flag("shown"), $0.text("album_folder")) }) else { throw AlbumError.noSuchAsset(asset) }
        switch album.kind {
        case .user:
            let id = try requireUserAlbum(album.title, db: db)
            guard try db.first("SELECT 1 AS one FROM album_assets WHERE album_id = ? AND asset_id = ?", id, asset, as: { _ in true }) != nil
            else { throw AlbumError.notInAlbum(asset: asset, album: album.title) }
        case .folder:
            guard folder == album.title else { throw AlbumError.notInAlbum(asset: asset, album: album.title) }
        case .smart:
            throw AlbumError.smartAlbum(album.title)
        }
        guard shown else { throw AlbumError.notShown(asset: asset, album: album.title) }
    }

    /// A row for a folder album that shows assets, so it can hold a cover; nil when there is
    /// no such folder album (user albums get rows only from `createAlbum`). One upsert: a
    /// concurrent maker's row is the one returned.
    static func makeFolderAlbumRow(_ album: AlbumReference, db: some CatalogSQL) throws -> Int64? {
        guard album.kind == .folder, try folderAlbumExists(album.title, db: db) else { return nil }
        return try db.first("""
            INSERT INTO albums (kind, title, created_at) VALUES ('folder', ?, ?)
            ON CONFLICT (kind, title) DO UPDATE SET kind = excluded.kind RETURNING id
            """, album.title, CatalogClock.now()) { $0.int64("id") }
    }

    /// Writes only the difference between two orders of one album.
    static func write(order new: [Int64], replacing old: [Int64], album: Int64, db: some CatalogSQL) throws {
        let newSet = Set(new)
        let leaving = old.filter { !newSet.contains($0) }
        if !leaving.isEmpty {
            try db.run("DELETE FROM album_assets WHERE album_id = ? AND \(db.isAmongIDs("asset_id"))", album, db.idList(leaving))
        }
        let oldPositions = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
        for (position, id) in new.enumerated() where oldPositions[id] != position {
            try db.run("""
                INSERT INTO album_assets (album_id, asset_id, position) VALUES (?, ?, ?)
                ON CONFLICT (album_id, asset_id) DO UPDATE SET position = excluded.position
                """, album, id, position)
        }
    }
}
