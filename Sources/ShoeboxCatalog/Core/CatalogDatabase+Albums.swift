/// User album edits and covers, the same on every backend, each one write transaction. An
/// album's order is read whole (its row locked, so two edits of one album take turns), changed
/// in Swift, and only the rows whose position changed are written back: positions stay
/// 0..<count with no gap whatever the edit.
extension CatalogDatabase {
    func createAlbum(titled title: String) throws -> (album: AlbumReference, created: Bool) {
        try AlbumTitle.validate(title)
        return try writing { db in
            if try CatalogAlbums.albumRowID(.user(title), db: db) == nil { try CatalogAlbums.requireFreeTitle(title, db: db) }
            let made = try db.first("""
                INSERT INTO albums (kind, title, created_at) VALUES ('user', ?, ?) ON CONFLICT (kind, title) DO NOTHING RETURNING id
                """, title, CatalogClock.now()) { _ in true } ?? false
            return (.user(title), made)
        }
    }

    func addAssets(_ ids: [Int64], to title: String) throws {
        try editUserAlbum(title) { _, order, db in
            try CatalogAlbums.requireAssets(ids, db: db)
            var present = Set(order)
            return order + ids.filter { present.insert($0).inserted }
        }
    }

    func insertAssets(_ ids: [Int64], into title: String, at position: Int) throws {
        try editUserAlbum(title) { _, order, db in
            try CatalogAlbums.requireAssets(ids, db: db)
            return try AlbumOrdering.moving(ids, in: order, to: position, album: title)
        }
    }

    @discardableResult
    func removeAssets(_ ids: [Int64], from title: String) throws -> Int {
        var removed = 0
        try editUserAlbum(title) { album, order, db in
            let leaving = Set(ids)
            let kept = order.filter { !leaving.contains($0) }
            removed = order.count - kept.count
            try db.run("UPDATE albums SET cover_asset_id = NULL WHERE id = ? AND \(db.isAmongIDs("cover_asset_id"))",
                       album, db.idList(ids))
            return kept
        }
        return removed
    }

    func reorderAssets(_ ids: [Int64], in title: String, at position: Int) throws {
        try editUserAlbum(title) { _, order, _ in
            let members = Set(order)
            if let stranger = ids.first(where: { !members.contains($0) }) {
                throw AlbumError.notInAlbum(asset: stranger, album: title)
            }
            return try AlbumOrdering.moving(ids, in: order, to: position, album: title)
        }
    }

    /// A title another user album holds is refused, also when that album was made by a writer
    /// elsewhere after this one looked.
    func renameAlbum(_ title: String, to newTitle: String) throws {
        try AlbumTitle.validate(newTitle)
        try writing { db in
            let id = try CatalogAlbums.requireUserAlbum(title, db: db)
            guard newTitle != title else { return }
            try CatalogAlbums.requireFreeTitle(newTitle, db: db)
            do {
                try db.run("UPDATE albums SET title = ? WHERE id = ?", newTitle, id)
            } catch where db.isUniqueViolation(error) {
                throw AlbumError.titleTaken(newTitle)
            }
        }
    }

    func deleteAlbum(_ title: String) throws {
        try writing { db in
            // album_assets and album_covers rows go with it (ON DELETE CASCADE); assets stay.
            try db.run("DELETE FROM albums WHERE id = ?", try CatalogAlbums.requireUserAlbum(title, db: db))
        }
    }

    func setCover(_ assetID: Int64?, of album: AlbumReference) throws {
        if album.kind == .smart { throw AlbumError.smartAlbum(album.title) }
        try writing { db in
            if let assetID { try CatalogAlbums.requireCoverCandidate(assetID, of: album, db: db) }
            guard let id = try CatalogAlbums.albumRowID(album, db: db) ?? CatalogAlbums.makeFolderAlbumRow(album, db: db) else {
                throw AlbumError.noSuchAlbum(album.title)
            }
            try db.run("UPDATE albums SET cover_asset_id = ? WHERE id = ?", assetID, id)
        }
    }

    /// Runs `change` on the album's current order and writes the order it returns.
    private func editUserAlbum(_ title: String, _ change: (Int64, [Int64], Connection) throws -> [Int64]) throws {
        try writing { db in
            let album = try CatalogAlbums.requireUserAlbum(title, db: db, locking: true)
            let order = try db.rows("SELECT asset_id FROM album_assets WHERE album_id = ? ORDER BY position", album) { $0.int64("asset_id") }
            try CatalogAlbums.write(order: try change(album, order, db), replacing: order, album: album, db: db)
        }
    }
}
