import Foundation

/// Lookups the ingest's planning stages make, and runs.
extension PostgresCatalog: CatalogStore {
    private static let entryColumns = "id, path, content_hash, status, file_size, mtime_ns, sidecar_stamp"

    /// One statement, so one round trip: the row and its thumbnails (as a JSON array of
    /// `[name, recipe, width, height, path]`, in the order written) from one snapshot.
    public func entry(atPath path: String) throws -> CatalogEntry? {
        try readOne { db in
            guard let row = try db.query("""
                SELECT \(Self.entryColumns), (SELECT json_agg(json_build_array(t.name, t.recipe, t.width, t.height, t.path) ORDER BY t.seq)
                FROM thumbnails t WHERE t.asset_id = assets.id) AS thumbnails FROM assets WHERE path = $1
                """, path).first else { return nil }
            var entry = Self.entryWithoutThumbnails(from: row)
            entry.thumbnails = Self.thumbnailsByName(fromJSON: row.optionalText("thumbnails"))
            return entry
        }
    }

    public func entries(withContentHash hash: String, notSeenIn run: Int64, limit: Int) throws -> [CatalogEntry] {
        try read { db in
            let rows = try db.query("""
                SELECT \(Self.entryColumns) FROM assets WHERE content_hash = $1 AND seen_run <> $2
                ORDER BY missing DESC, id LIMIT $3
                """, hash, run, limit).rows
            let thumbnails = try CatalogRecords.thumbnails(of: rows.map { $0.int64("id") }, in: Self.self, db: db)
            return rows.map { row in
                var entry = Self.entryWithoutThumbnails(from: row)
                entry.thumbnails = Dictionary(thumbnails[entry.id, default: []].map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                return entry
            }
        }
    }

    private static func entryWithoutThumbnails(from row: PGRow) -> CatalogEntry {
        CatalogEntry(id: row.int64("id"), path: row.text("path"), contentHash: row.optionalText("content_hash"),
                     status: AssetRecord.Status(rawValue: row.text("status")) ?? .failed,
                     fileSize: row.int64("file_size"), modifiedNanoseconds: row.int64("mtime_ns"), thumbnails: [:],
                     sidecarStamp: row.optionalText("sidecar_stamp"))
    }

    /// Thumbnails by name from `json_agg`'s array of `[name, recipe, width, height, path]`.
    private static func thumbnailsByName(fromJSON text: String?) -> [String: ThumbnailRecord] {
        guard let text, let rows = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[Any]] else { return [:] }
        var thumbnails: [String: ThumbnailRecord] = [:]
        for row in rows where row.count == 5 {
            guard let name = row[0] as? String, let recipe = row[1] as? String, let width = row[2] as? Int,
                  let height = row[3] as? Int, let path = row[4] as? String, thumbnails[name] == nil else { continue }
            thumbnails[name] = ThumbnailRecord(name: name, recipe: recipe, width: width, height: height, relativePath: path)
        }
        return thumbnails
    }

    /// path, root, album_folder, file_name, pair_key: what follows a file's place, in that order.
    static func placeValues(_ file: DiscoveredFile) -> [Any?] {
        [file.path, file.root, FolderAlbumTitle.title(path: file.path, root: file.root), fileName(ofPath: file.path),
         LivePhotoPairing.pairKey(forPath: file.path)]
    }
}
