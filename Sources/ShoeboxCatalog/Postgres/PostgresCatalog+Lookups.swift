import Foundation

/// The lookup by path every file of an ingest makes, in one round trip.
extension PostgresCatalog: CatalogStore {
    /// One statement, so one round trip: the row and its thumbnails (as a JSON array of
    /// `[name, recipe, width, height, path]`, in the order written) from one snapshot.
    public func entry(atPath path: String) throws -> CatalogEntry? {
        try readOne { db in
            guard let row = try db.query("""
                SELECT \(CatalogEntries.columns), (SELECT json_agg(json_build_array(t.name, t.recipe, t.width, t.height, t.path) ORDER BY t.seq)
                FROM thumbnails t WHERE t.asset_id = assets.id) AS thumbnails FROM assets WHERE path = $1
                """, path).first else { return nil }
            var entry = CatalogEntries.entryWithoutThumbnails(from: row)
            entry.thumbnails = Self.thumbnailsByName(fromJSON: row.optionalText("thumbnails"))
            return entry
        }
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
