extension PostgresCatalog {
    public func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws -> Int64 {
        try write { db in try Self.record(asset, run: run, livePhotoRules: livePhotoRules, db: db) }
    }

    /// `record`'s writes, in the caller's transaction on `db`.
    static func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules, db: PGConnection) throws -> Int64 {
        let before = try (asset.existingID ?? Self.assetID(atPath: asset.file.path, db: db))
            .map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
        let id = try Self.upsertAsset(asset, run: run, db: db)
        try Self.replaceThumbnails(of: id, with: asset.thumbnails, db: db)
        try CatalogGrouping.setGroupKey(of: id, path: asset.file.path, db: db)
        try CatalogPairing.pairLivePhoto(id, asset, rules: livePhotoRules, db: db)
        try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
        return id
    }

    public func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?,
                              existingID: Int64?, run: Int64) throws {
        try write { db in
            try Self.recordFailure(failure, file: file, contentHash: contentHash, existingID: existingID, run: run, db: db)
        }
    }

    /// `recordFailure`'s writes, in the caller's transaction on `db`.
    static func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?,
                              existingID: Int64?, run: Int64, db: PGConnection) throws {
        let existing = try existingID ?? Self.assetID(atPath: file.path, db: db)
        let before = try existing.map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
        let failed: [Any?] = [file.status.size, file.status.modifiedNanoseconds, contentHash, failure.errorClass.rawValue,
                              failure.reason, run, CatalogClock.now()]
        let id = try existing.map { try markFailed($0, file: file, failed: failed, db: db) }
            ?? insertFailed(file: file, failed: failed, db: db)
        // A failed file leaves its group: the others are grouped again without it.
        try CatalogGrouping.setGroupKey(of: id, path: file.path, db: db)
        try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
    }

    /// Rewrites the row `id` as a failure at `file`'s place; `failed` are the values after the
    /// place's in both failure statements (size, mtime, hash, class, reason, run, time).
    private static func markFailed(_ id: Int64, file: DiscoveredFile, failed: [Any?], db: PGConnection) throws -> Int64 {
        try db.query("""
            UPDATE assets SET path = $1, root = $2, album_folder = $3, file_name = $4, pair_key = $5, file_size = $6,
            mtime_ns = $7, content_hash = coalesce($8, content_hash), status = 'failed', error_class = $9,
            error_message = $10, warning = NULL, missing = 0, seen_run = $11, updated_at = $12 WHERE id = $13
            """, parameters: Self.placeValues(file) + failed + [id])
        return id
    }

    /// Makes the failed row at `file`'s path; a writer elsewhere may have recorded the path
    /// meanwhile: the row it made fails.
    private static func insertFailed(file: DiscoveredFile, failed: [Any?], db: PGConnection) throws -> Int64 {
        try db.query("""
            INSERT INTO assets (path, root, album_folder, file_name, pair_key, file_size, mtime_ns, content_hash, status,
            error_class, error_message, seen_run, updated_at, added_at, kind)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'failed', $9, $10, $11, $12, $12, $13)
            ON CONFLICT (path) DO UPDATE SET root = excluded.root, file_size = excluded.file_size,
            mtime_ns = excluded.mtime_ns, content_hash = coalesce(excluded.content_hash, assets.content_hash),
            status = 'failed', error_class = excluded.error_class, error_message = excluded.error_message,
            warning = NULL, missing = 0, seen_run = excluded.seen_run, updated_at = excluded.updated_at
            RETURNING id
            """, parameters: Self.placeValues(file) + failed + [AssetKind.guess(forPath: file.path).rawValue])
            .first?.int64("id") ?? 0
    }

    static func assetID(atPath path: String, db: PGConnection) throws -> Int64? {
        try db.query("SELECT id FROM assets WHERE path = $1", path).first?.int64("id")
    }

    /// The columns `upsertAsset` writes, in the order of `assetValues`.
    private static let assetColumns = [
        "path", "root", "album_folder", "file_name", "pair_key", "kind", "format", "content_hash", "file_size", "mtime_ns",
        "width", "height", "orientation", "make", "model", "lens_model", "iso", "f_number", "exposure_time", "focal_length",
        "seen_run", "updated_at", "duration_seconds", "frame_rate", "codec", "frame_count", "loop_count", "content_identifier",
        "motion_offset", "motion_length", "subtypes", "paired_asset_id", "pairing", "hidden", "warning",
    ] + CatalogColumns.sidecar

    private static func assetValues(_ asset: AssetDraft, run: Int64) -> [Any?] {
        let m = asset.metadata, d = asset.details
        let subtypes = asset.subtypes.subtracting([.live]).sorted().map(\.rawValue).joined(separator: ",")
        let values: [Any?] = placeValues(asset.file) + [
            asset.kind.rawValue, asset.format.rawValue, asset.contentHash, asset.file.status.size,
            asset.file.status.modifiedNanoseconds, asset.displayedSize.width, asset.displayedSize.height, m.orientation,
            m.make, m.model, m.lensModel, m.iso, m.fNumber, m.exposureTime, m.focalLength, run, CatalogClock.now(),
            d.durationSeconds, d.frameRate, d.codec, d.frameCount, d.loopCount, d.contentIdentifier,
            d.motionPhoto?.offset, d.motionPhoto?.length, subtypes, nil, nil, false, asset.warning,
        ]
        return values + CatalogColumns.sidecarValues(asset)
    }

    /// Writes the asset's row: the row it names (`existingID`), else the row at its path, made
    /// or taken over in one `INSERT ... ON CONFLICT (path)`, so two writers recording one path
    /// at once make one row. Pairing is reset here and made again by `pairLivePhoto`.
    private static func upsertAsset(_ asset: AssetDraft, run: Int64, db: PGConnection) throws -> Int64 {
        let values = assetValues(asset, run: run)
        let placeholders = (1...values.count).map { "$\($0)" }
        let healthy = "status = 'ok', error_class = NULL, error_message = NULL, missing = 0"
        if let id = asset.existingID {
            // A file at this path that another asset held before (a move onto an old path) gives its row up.
            try db.query("DELETE FROM assets WHERE path = $1 AND id <> $2", asset.file.path, id)
            let assignments = zip(assetColumns, placeholders).map { "\($0) = \($1)" }.joined(separator: ", ")
            try db.query("UPDATE assets SET \(assignments), \(healthy) WHERE id = $\(values.count + 1)", parameters: values + [id])
            return id
        }
        let updates = assetColumns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        let row = try db.query("""
            INSERT INTO assets (\(assetColumns.joined(separator: ", ")), added_at, status)
            VALUES (\(placeholders.joined(separator: ", ")), $\(values.count + 1), 'ok')
            ON CONFLICT (path) DO UPDATE SET \(updates), \(healthy)
            RETURNING id
            """, parameters: values + [CatalogClock.now()])
        return row.first?.int64("id") ?? 0
    }

    /// The asset's thumbnails become exactly `thumbnails`: a spec renamed or dropped from the
    /// pipeline leaves no stale row behind (its files stay until a clean-up removes them).
    private static func replaceThumbnails(of id: Int64, with thumbnails: [ThumbnailRecord], db: PGConnection) throws {
        try db.query("DELETE FROM thumbnails WHERE asset_id = $1", id)
        guard !thumbnails.isEmpty else { return }
        // One statement for all of them (its text depends only on how many: prepared once per count).
        let rows = thumbnails.indices.map { index in
            "($1, " + (0..<5).map { "$\(2 + index * 5 + $0)" }.joined(separator: ", ") + ")"
        }
        let values: [Any?] = thumbnails.flatMap { [$0.name, $0.recipe, $0.width, $0.height, $0.relativePath] as [Any?] }
        try db.query("INSERT INTO thumbnails (asset_id, name, recipe, width, height, path) VALUES \(rows.joined(separator: ", "))",
                     parameters: [id] + values)
    }
}
