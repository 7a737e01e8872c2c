/// User album edits: each one writing transaction. An album's order is read whole (its
/// references locked, `FOR UPDATE`, so two edits of one album take turns), changed in Swift,
/// and only the rows whose position changed are written back: positions stay 0..<count.
extension PostgresCatalog: AlbumStore {
    public func createAlbum(titled title: String) throws -> (album: AlbumReference, created: Bool) {
        try AlbumTitle.validate(title)
        return try write { db in
            let made = try db.query("""
                INSERT INTO albums (kind, title, created_at) VALUES ('user', $1, $2) ON CONFLICT (kind, title) DO NOTHING RETURNING id
                """, title, CatalogClock.now())
            return (.user(title), made.count > 0)
        }
    }

    public func addAssets(_ ids: [Int64], to title: String) throws {
        try editUserAlbum(title) { _, order, db in
            try Self.requireAssets(ids, db: db)
            var present = Set(order)
            return order + ids.filter { present.insert($0).inserted }
        }
    }

    public func insertAssets(_ ids: [Int64], into title: String, at position: Int) throws {
        try editUserAlbum(title) { _, order, db in
            try Self.requireAssets(ids, db: db)
            return try AlbumOrdering.moving(ids, in: order, to: position, album: title)
        }
    }

    @discardableResult
    public func removeAssets(_ ids: [Int64], from title: String) throws -> Int {
        var removed = 0
        try editUserAlbum(title) { album, order, db in
            let leaving = Set(ids)
            let kept = order.filter { !leaving.contains($0) }
            removed = order.count - kept.count
            try db.query("UPDATE albums SET cover_asset_id = NULL WHERE id = $1 AND cover_asset_id = ANY($2::bigint[])",
                         album, Self.idArray(ids))
            return kept
        }
        return removed
    }

    public func reorderAssets(_ ids: [Int64], in title: String, at position: Int) throws {
        try editUserAlbum(title) { _, order, _ in
            let members = Set(order)
            if let stranger = ids.first(where: { !members.contains($0) }) {
                throw AlbumError.notInAlbum(asset: stranger, album: title)
            }
            return try AlbumOrdering.moving(ids, in: order, to: position, album: title)
        }
    }

    public func renameAlbum(_ title: String, to newTitle: String) throws {
        try AlbumTitle.validate(newTitle)
        try write { db in
            let id = try Self.requireUserAlbum(title, db: db)
            guard newTitle != title else { return }
            do {
                try db.query("UPDATE albums SET title = $1 WHERE id = $2", newTitle, id)
            } catch PostgresError.uniqueViolation {
                throw AlbumError.titleTaken(newTitle)
            }
        }
    }

    public func deleteAlbum(_ title: String) throws {
        try write { db in
            // album_assets and album_covers rows go with it (ON DELETE CASCADE); assets stay.
            _ = try db.query("DELETE FROM albums WHERE id = $1", try Self.requireUserAlbum(title, db: db))
        }
    }

    public func setCover(_ assetID: Int64?, of album: AlbumReference) throws {
        try write { db in
            if let assetID { try Self.requireCoverCandidate(assetID, of: album, db: db) }
            guard let id = try Self.albumRowID(album, db: db) ?? Self.makeFolderAlbumRow(album, db: db) else {
                throw AlbumError.noSuchAlbum(album.title)
            }
            try db.query("UPDATE albums SET cover_asset_id = $1 WHERE id = $2", assetID, id)
        }
    }

    // MARK: Helpers

    /// Runs `change` on the album's current order and writes the order it returns.
    private func editUserAlbum(_ title: String, _ change: (Int64, [Int64], PGConnection) throws -> [Int64]) throws {
        try write { db in
            let album = try Self.requireUserAlbum(title, db: db, locking: true)
            let order = try db.query("SELECT asset_id FROM album_assets WHERE album_id = $1 ORDER BY position", album)
                .rows.map { $0.int64("asset_id") }
            try Self.write(order: try change(album, order, db), replacing: order, album: album, db: db)
        }
    }

    /// Writes only the difference between two orders of one album.
    private static func write(order new: [Int64], replacing old: [Int64], album: Int64, db: PGConnection) throws {
        let newSet = Set(new)
        let leaving = old.filter { !newSet.contains($0) }
        if !leaving.isEmpty {
            try db.query("DELETE FROM album_assets WHERE album_id = $1 AND asset_id = ANY($2::bigint[])", album, idArray(leaving))
        }
        let oldPositions = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
        for (position, id) in new.enumerated() where oldPositions[id] != position {
            try db.query("""
                INSERT INTO album_assets (album_id, asset_id, position) VALUES ($1, $2, $3)
                ON CONFLICT (album_id, asset_id) DO UPDATE SET position = excluded.position
                """, album, id, position)
        }
    }

    /// The row id of user album `title`; `locking` holds its row until the transaction ends,
    /// so that concurrent edits of one album run one after the other.
    static func requireUserAlbum(_ title: String, db: PGConnection, locking: Bool = false) throws -> Int64 {
        if let row = try db.query("SELECT id FROM albums WHERE kind = 'user' AND title = $1\(locking ? " FOR UPDATE" : "")", title).first {
            return row.int64("id")
        }
        if try folderAlbumExists(title, db: db) { throw AlbumError.notAUserAlbum(title) }
        throw AlbumError.noSuchAlbum(title)
    }

    static func folderAlbumExists(_ title: String, db: PGConnection) throws -> Bool {
        try db.query("SELECT 1 AS one FROM assets a WHERE a.album_folder = $1 AND \(PostgresFetchQuery.shown) LIMIT 1", title).count > 0
    }

    static func requireAssets(_ ids: [Int64], db: PGConnection) throws {
        let known = Set(try db.query("SELECT id FROM assets WHERE id = ANY($1::bigint[])", idArray(ids)).rows.map { $0.int64("id") })
        if let unknown = ids.first(where: { !known.contains($0) }) { throw AlbumError.noSuchAsset(unknown) }
    }

    /// A cover must be an asset the album shows now.
    private static func requireCoverCandidate(_ asset: Int64, of album: AlbumReference, db: PGConnection) throws {
        guard let row = try db.query("SELECT (\(PostgresFetchQuery.shown)) AS shown, album_folder FROM assets a WHERE id = $1", asset).first
        else { throw AlbumError.noSuchAsset(asset) }
        switch album.kind {
        case .user:
            let id = try requireUserAlbum(album.title, db: db)
            guard try db.query("SELECT 1 AS one FROM album_assets WHERE album_id = $1 AND asset_id = $2", id, asset).count > 0 else {
                throw AlbumError.notInAlbum(asset: asset, album: album.title)
            }
        case .folder:
            guard row.text("album_folder") == album.title else { throw AlbumError.notInAlbum(asset: asset, album: album.title) }
        }
        guard row.bool("shown") else { throw AlbumError.notShown(asset: asset, album: album.title) }
    }

    /// A row for a folder album that shows assets, so it can hold a cover; nil when there is
    /// no such folder album. One upsert: a concurrent maker's row is the one returned.
    static func makeFolderAlbumRow(_ album: AlbumReference, db: PGConnection) throws -> Int64? {
        guard album.kind == .folder, try folderAlbumExists(album.title, db: db) else { return nil }
        return try db.query("""
            INSERT INTO albums (kind, title, created_at) VALUES ('folder', $1, $2)
            ON CONFLICT (kind, title) DO UPDATE SET kind = excluded.kind RETURNING id
            """, album.title, CatalogClock.now()).first?.int64("id")
    }
}
