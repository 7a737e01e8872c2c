/// User album edits: each one transaction on the writer connection.
///
/// An album's order is read whole, changed in Swift, and only the rows whose position changed
/// are written back, so positions stay 0..<count with no gap whatever the edit.
extension SQLiteCatalog: AlbumStore {
    public func createAlbum(titled title: String) throws -> (album: AlbumReference, created: Bool) {
        try AlbumTitle.validate(title)
        return try write { db in
            try db.transaction {
                if try Self.albumRowID(.user(title), db: db) != nil { return (.user(title), false) }
                try db.statement("INSERT INTO albums (kind, title, created_at) VALUES ('user', ?, ?)").bind(title, CatalogClock.now()).run()
                return (.user(title), true)
            }
        }
    }

    public func addAssets(_ ids: [Int64], to title: String) throws {
        try editUserAlbum(title) { album, order, db in
            try Self.requireAssets(ids, db: db)
            var present = Set(order)
            return order + ids.filter { present.insert($0).inserted }
        }
    }

    public func insertAssets(_ ids: [Int64], into title: String, at position: Int) throws {
        try editUserAlbum(title) { album, order, db in
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
            let cover = try db.statement("SELECT cover_asset_id FROM albums WHERE id = ?").bind(album)
            if try cover.step(), !cover.isNull(0), leaving.contains(cover.int64(0)) {
                try db.statement("UPDATE albums SET cover_asset_id = NULL WHERE id = ?").bind(album).run()
            }
            return kept
        }
        return removed
    }

    public func reorderAssets(_ ids: [Int64], in title: String, at position: Int) throws {
        try editUserAlbum(title) { album, order, db in
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
            try db.transaction {
                let id = try Self.requireUserAlbum(title, db: db)
                guard newTitle != title else { return }
                if try Self.albumRowID(.user(newTitle), db: db) != nil { throw AlbumError.titleTaken(newTitle) }
                try db.statement("UPDATE albums SET title = ? WHERE id = ?").bind(newTitle, id).run()
            }
        }
    }

    public func deleteAlbum(_ title: String) throws {
        try write { db in
            try db.transaction {
                let id = try Self.requireUserAlbum(title, db: db)
                // album_assets and album_covers rows go with it (ON DELETE CASCADE); assets stay.
                try db.statement("DELETE FROM albums WHERE id = ?").bind(id).run()
            }
        }
    }

    public func setCover(_ assetID: Int64?, of album: AlbumReference) throws {
        try write { db in
            try db.transaction {
                if let assetID { try Self.requireCoverCandidate(assetID, of: album, db: db) }
                guard let id = try Self.albumRowID(album, db: db) ?? Self.makeFolderAlbumRow(album, db: db) else {
                    throw AlbumError.noSuchAlbum(album.title)
                }
                try db.statement("UPDATE albums SET cover_asset_id = ? WHERE id = ?").bind(assetID, id).run()
            }
        }
    }

    // MARK: Helpers

    /// Runs `change` on the album's current order and writes the order it returns.
    private func editUserAlbum(_ title: String,
                               _ change: (Int64, [Int64], SQLiteConnection) throws -> [Int64]) throws {
        try write { db in
            try db.transaction {
                let album = try Self.requireUserAlbum(title, db: db)
                let order = try Self.order(of: album, db: db)
                try Self.write(order: try change(album, order, db), replacing: order, album: album, db: db)
            }
        }
    }

    static func order(of album: Int64, db: SQLiteConnection) throws -> [Int64] {
        let statement = try db.statement("SELECT asset_id FROM album_assets WHERE album_id = ? ORDER BY position").bind(album)
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(0)) }
        return ids
    }

    /// Writes only the difference between two orders of one album.
    private static func write(order new: [Int64], replacing old: [Int64], album: Int64, db: SQLiteConnection) throws {
        let newSet = Set(new)
        for id in old where !newSet.contains(id) {
            try db.statement("DELETE FROM album_assets WHERE album_id = ? AND asset_id = ?").bind(album, id).run()
        }
        let oldPositions = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
        for (position, id) in new.enumerated() where oldPositions[id] != position {
            let sql = oldPositions[id] == nil
                ? "INSERT INTO album_assets (position, album_id, asset_id) VALUES (?, ?, ?)"
                : "UPDATE album_assets SET position = ? WHERE album_id = ? AND asset_id = ?"
            try db.statement(sql).bind(position, album, id).run()
        }
    }

    static func requireUserAlbum(_ title: String, db: SQLiteConnection) throws -> Int64 {
        if let id = try albumRowID(.user(title), db: db) { return id }
        if try folderAlbumExists(title, db: db) { throw AlbumError.notAUserAlbum(title) }
        throw AlbumError.noSuchAlbum(title)
    }

    static func folderAlbumExists(_ title: String, db: SQLiteConnection) throws -> Bool {
        try db.statement("""
            SELECT 1 FROM assets INDEXED BY assets_shown_folder_kind WHERE album_folder = ? AND \(ShownAssets.condition) LIMIT 1
            """)
            .bind(title).step()
    }

    static func requireAssets(_ ids: [Int64], db: SQLiteConnection) throws {
        for id in ids where !(try db.statement("SELECT 1 FROM assets WHERE id = ?").bind(id).step()) {
            throw AlbumError.noSuchAsset(id)
        }
    }

    /// A cover must be an asset the album shows now.
    private static func requireCoverCandidate(_ asset: Int64, of album: AlbumReference, db: SQLiteConnection) throws {
        let statement = try db.statement("SELECT \(ShownAssets.condition), album_folder FROM assets WHERE id = ?").bind(asset)
        guard try statement.step() else { throw AlbumError.noSuchAsset(asset) }
        let (shown, folder) = (statement.int(0) != 0, statement.text(1))
        switch album.kind {
        case .user:
            let id = try requireUserAlbum(album.title, db: db)
            guard try db.statement("SELECT 1 FROM album_assets WHERE album_id = ? AND asset_id = ?").bind(id, asset).step() else {
                throw AlbumError.notInAlbum(asset: asset, album: album.title)
            }
        case .folder:
            guard folder == album.title else { throw AlbumError.notInAlbum(asset: asset, album: album.title) }
        }
        guard shown else { throw AlbumError.notShown(asset: asset, album: album.title) }
    }

    /// A row for a folder album that shows assets, so it can hold a cover; nil when there is
    /// no such folder album (user albums get rows only from `createAlbum`).
    static func makeFolderAlbumRow(_ album: AlbumReference, db: SQLiteConnection) throws -> Int64? {
        guard album.kind == .folder, try folderAlbumExists(album.title, db: db) else { return nil }
        try db.statement("INSERT INTO albums (kind, title, created_at) VALUES ('folder', ?, ?)").bind(album.title, CatalogClock.now()).run()
        return db.lastInsertedRowID
    }
}
