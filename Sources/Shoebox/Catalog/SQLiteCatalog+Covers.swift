/// The cover images of albums, as `CoverRenderer` records them.
extension SQLiteCatalog {
    public func recordCovers(_ covers: [CoverRecord], for album: AlbumReference) throws {
        try write { db in
            try db.transaction {
                guard let id = try CatalogAlbums.albumRowID(album, db: db) ?? CatalogAlbums.makeFolderAlbumRow(album, db: db) else {
                    throw AlbumError.noSuchAlbum(album.title)
                }
                try db.statement("DELETE FROM album_covers WHERE album_id = ?").bind(id).run()
                for cover in covers {
                    try db.statement("""
                        INSERT INTO album_covers (album_id, name, recipe, width, height, path) VALUES (?, ?, ?, ?, ?, ?)
                        """).bind(id, cover.name, cover.recipe, cover.width, cover.height, cover.relativePath).run()
                }
            }
        }
    }

    public func recordedCoverPaths() throws -> Set<String> {
        try distinctPaths(in: "album_covers")
    }

    /// Every album's cover records, by album row id, in name order.
    static func coverRecords(db: SQLiteConnection) throws -> [Int64: [CoverRecord]] {
        let statement = try db.statement("SELECT album_id, name, recipe, width, height, path FROM album_covers ORDER BY album_id, name")
        var covers: [Int64: [CoverRecord]] = [:]
        while try statement.step() {
            covers[statement.int64("album_id"), default: []].append(coverRecord(statement))
        }
        return covers
    }

    /// One album's cover records (by its row id), in name order: one index seek (the primary
    /// key leads with the album), whatever the number of albums.
    static func coverRecords(ofAlbumRow id: Int64, db: SQLiteConnection) throws -> [CoverRecord] {
        let statement = try db.statement("SELECT name, recipe, width, height, path FROM album_covers WHERE album_id = ? ORDER BY name")
            .bind(id)
        var covers: [CoverRecord] = []
        while try statement.step() { covers.append(coverRecord(statement)) }
        return covers
    }

    /// The cover record on `statement`'s current row.
    private static func coverRecord(_ statement: SQLiteStatement) -> CoverRecord {
        CoverRecord(name: statement.text("name"), recipe: statement.text("recipe"), width: statement.int("width"),
                    height: statement.int("height"), relativePath: statement.text("path"))
    }
}
