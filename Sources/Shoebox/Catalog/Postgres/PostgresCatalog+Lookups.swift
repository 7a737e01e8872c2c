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
            let thumbnails = try Self.thumbnails(of: rows.map { $0.int64("id") }, db: db)
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

    public func beginRun(roots: [String]) throws -> Int64 {
        try write { db in
            try db.query("INSERT INTO runs (started_at, roots) VALUES ($1, $2) RETURNING id", Self.now(),
                         roots.joined(separator: "\n")).first?.int64("id") ?? 0
        }
    }

    /// Files flagged missing that are seen again pair again with their Live Photo counterpart.
    public func markSeen(_ ids: [Int64], run: Int64, livePhotoRules: LivePhotoRules) throws {
        guard !ids.isEmpty else { return }
        try write { db in
            let returned = try db.query("SELECT id FROM assets WHERE missing = 1 AND id = ANY($1::bigint[])", Self.idArray(ids))
                .rows.map { $0.int64("id") }
            try db.query("UPDATE assets SET seen_run = $1, missing = 0 WHERE id = ANY($2::bigint[])", run, Self.idArray(ids))
            try CatalogPairing.pairIfUnpaired(returned, rules: livePhotoRules, db: db)
            try CatalogGrouping.regroup(Set(try returned.flatMap { try CatalogGrouping.groupKeys(around: $0, db: db) }), db: db)
        }
    }

    /// The moved file's name pairing key and folder album follow its path; an unpaired file may
    /// pair where it now is.
    public func relocate(_ id: Int64, to file: DiscoveredFile, run: Int64, livePhotoRules: LivePhotoRules) throws {
        try write { db in
            let before = try CatalogGrouping.groupKeys(around: id, db: db)
            try db.query("""
                UPDATE assets SET path = $1, root = $2, album_folder = $3, file_name = $4, pair_key = $5, file_size = $6,
                mtime_ns = $7, seen_run = $8, missing = 0, updated_at = $9 WHERE id = $10
                """, parameters: Self.placeValues(file) + [file.status.size, file.status.modifiedNanoseconds, run, Self.now(), id])
            try CatalogGrouping.setGroupKey(of: id, path: file.path, db: db)
            try CatalogPairing.pairIfUnpaired([id], rules: livePhotoRules, db: db)
            try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
        }
    }

    public func refreshMetadata(_ id: Int64, from draft: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws {
        let file = draft.file
        let sidecar = Self.sidecarColumns.enumerated().map { "\($1) = $\($0 + 10)" }.joined(separator: ", ")
        try write { db in
            try db.query("""
                UPDATE assets SET path = $1, root = $2, album_folder = $3, file_name = $4, pair_key = $5, file_size = $6,
                mtime_ns = $7, seen_run = $8, missing = 0, updated_at = $9, \(sidecar) WHERE id = $\(10 + Self.sidecarColumns.count)
                """, parameters: Self.placeValues(file) + [file.status.size, file.status.modifiedNanoseconds, run, Self.now()]
                    + Self.sidecarValues(draft) + [id])
            try CatalogPairing.pairIfUnpaired([id], rules: livePhotoRules, db: db)
        }
    }

    public func markMissing(under root: String, notSeenIn run: Int64) throws -> [String] {
        let under = Self.pathRange(under: root)
        return try write { db in
            let keys = try CatalogGrouping.groupKeysOfGroupedAssets(in: under, notSeenIn: run, db: db)
            let flagged = try db.query("""
                UPDATE assets SET missing = 1, updated_at = $1
                WHERE missing = 0 AND seen_run <> $2 AND path >= $3 AND path < $4
                RETURNING path
                """, Self.now(), run, under.lowerBound, under.upperBound).rows.map { $0.text("path") }
            return try Self.settleMissing(flagged: flagged, keys: keys, db: db) {
                try CatalogGrouping.forgetResourceFiles(in: under, notSeenIn: run, db: db)
            }
        }
    }

    /// What follows once assets are flagged missing, the same for both ways of finding them:
    /// Live Photo pairs missing a file come apart, `forgetResources` forgets the resource files
    /// gone too (returning their group keys), and every group touched (`keys`, theirs, the
    /// pairs') is formed again. Returns the flagged paths, sorted.
    static func settleMissing(flagged: [String], keys: Set<String>, db: PGConnection,
                              forgetResources: () throws -> Set<String>) throws -> [String] {
        var keys = keys
        for id in try CatalogPairing.releasePairsMissingAFile(db: db) { keys.formUnion(try CatalogGrouping.groupKeys(around: id, db: db)) }
        keys.formUnion(try forgetResources())
        try CatalogGrouping.regroup(keys, db: db)
        return flagged.sorted()
    }

    /// path, root, album_folder, file_name, pair_key: what follows a file's place, in that order.
    static func placeValues(_ file: DiscoveredFile) -> [Any?] {
        [file.path, file.root, FolderAlbumTitle.title(path: file.path, root: file.root), fileName(ofPath: file.path),
         LivePhotoPairing.pairKey(forPath: file.path)]
    }
}
