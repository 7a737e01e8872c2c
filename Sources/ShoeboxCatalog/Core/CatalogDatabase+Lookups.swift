/// Lookups by content, the same on every backend.
extension CatalogDatabase {
    /// The entries holding `hash` that `run` has not seen (a moved file's old row first: missing
    /// ones lead), each with its thumbnails, read in two statements whatever the count.
    func entries(withContentHash hash: String, notSeenIn run: Int64, limit: Int) throws -> [CatalogEntry] {
        try reading { db in
            let rows = try db.rows("""
                SELECT \(CatalogEntries.columns) FROM assets WHERE content_hash = ? AND seen_run <> ?
                ORDER BY missing DESC, id LIMIT ?
                """, hash, run, limit, as: CatalogEntries.entryWithoutThumbnails(from:))
            let thumbnails = try CatalogRecords.thumbnails(of: rows.map(\.id), in: Self.self, db: db)
            return rows.map { row in
                var entry = row
                entry.thumbnails = CatalogEntries.byName(thumbnails[entry.id, default: []])
                return entry
            }
        }
    }
}
