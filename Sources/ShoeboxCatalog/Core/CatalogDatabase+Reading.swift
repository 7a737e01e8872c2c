/// Reading whole records: listings and `show`, the same on every backend.
extension CatalogDatabase {
    /// Every asset but Live Photo videos and a group's hidden members, ordered by path (bytes),
    /// a page at a time: each page read after the last path handed over (through the path
    /// index), and `body` called between reads, holding no transaction (a long listing pins no
    /// snapshot). A page read again (after a reconnect) starts after the last path delivered,
    /// so no asset is handed over twice.
    func forEachAsset(_ body: (AssetRecord) throws -> Void) throws {
        var after = ""   // every path is longer, so follows it
        while true {
            let page = try reading { db in
                try CatalogRecords.withThumbnails(db.rows("""
                    SELECT \(CatalogRecords.columns) FROM assets WHERE hidden = 0 AND path > ? ORDER BY path LIMIT ?
                    """, after, CatalogRecords.pageSize, as: CatalogRecords.record(from:)), in: Self.self, db: db)
            }
            for record in page { try body(record) }
            guard page.count == CatalogRecords.pageSize, let last = page.last else { return }
            after = last.path
        }
    }

    func asset(id: Int64) throws -> AssetRecord? {
        try reading { db in
            try CatalogRecords.withThumbnails(db.rows("SELECT \(CatalogRecords.columns) FROM assets WHERE id = ?", id,
                                                      as: CatalogRecords.record(from:)), in: Self.self, db: db).first
        }
    }

    func asset(path: String) throws -> AssetRecord? {
        try reading { db in
            try CatalogRecords.withThumbnails(db.rows("SELECT \(CatalogRecords.columns) FROM assets WHERE path = ?", path,
                                                      as: CatalogRecords.record(from:)), in: Self.self, db: db).first
        }
    }

    func recordedThumbnailPaths() throws -> Set<String> {
        try distinctPaths(in: "thumbnails")
    }

    /// Every `path` of `table` (a table of derivative files: thumbnails, album covers), once.
    func distinctPaths(in table: String) throws -> Set<String> {
        try reading { db in Set(try db.rows("SELECT DISTINCT path FROM \(table)") { $0.text("path") }) }
    }
}
