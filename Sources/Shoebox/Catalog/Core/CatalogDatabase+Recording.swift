/// Recording what the pipeline made of a file: an asset, or a failure. The same on every
/// backend, each in one transaction with the pairing and grouping it changes.
extension CatalogDatabase {
    func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws -> Int64 {
        try writing { db in try Self.record(asset, run: run, livePhotoRules: livePhotoRules, db: db) }
    }

    func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?, existingID: Int64?, run: Int64) throws {
        try writing { db in
            try Self.recordFailure(failure, file: file, contentHash: contentHash, existingID: existingID, run: run, db: db)
        }
    }

    /// `record`'s writes, in the caller's transaction (a work queue's completion holds its own).
    static func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules, db: Connection) throws -> Int64 {
        let before = try (asset.existingID ?? assetID(atPath: asset.file.path, db: db))
            .map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
        let id = try upsertAsset(asset, run: run, db: db)
        try replaceThumbnails(of: id, with: asset.thumbnails, db: db)
        try CatalogGrouping.setGroupKey(of: id, path: asset.file.path, db: db)
        try CatalogPairing.pairLivePhoto(id, asset, rules: livePhotoRules, db: db)
        try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
        return id
    }

    /// `recordFailure`'s writes, in the caller's transaction. A failed file leaves its group:
    /// the others are grouped again without it.
    static func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?,
                              existingID: Int64?, run: Int64, db: Connection) throws {
        let existing = try existingID ?? assetID(atPath: file.path, db: db)
        let before = try existing.map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
        let place = placeColumns(of: file)
        let failed: [Any?] = [file.status.size, file.status.modifiedNanoseconds, contentHash, failure.errorClass.rawValue,
                              failure.reason, run, CatalogClock.now()]
        let id = try existing.map { try markFailed($0, place: place, failed: failed, db: db) }
            ?? insertFailed(place: place, failed: failed, kind: AssetKind.guess(forPath: file.path), db: db)
        try CatalogGrouping.setGroupKey(of: id, path: file.path, db: db)
        try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
    }

    /// Rewrites the row `id` as a failure at `place`; `failed` are the values after the
    /// place's in both failure statements (size, mtime, hash, class, reason, run, time).
    private static func markFailed(_ id: Int64, place: CatalogPlace, failed: [Any?], db: Connection) throws -> Int64 {
        try db.forEachRow("""
            UPDATE assets SET \(place.assignments), file_size = ?, mtime_ns = ?, content_hash = coalesce(?, content_hash),
            status = 'failed', error_class = ?, error_message = ?, warning = NULL, missing = 0, seen_run = ?, updated_at = ?
            WHERE id = ?
            """, place.values + failed + [id]) { _ in }
        return id
    }

    /// Makes the failed row at `place`'s path; a writer elsewhere may have recorded the path
    /// meanwhile: the row it made fails.
    private static func insertFailed(place: CatalogPlace, failed: [Any?], kind: AssetKind, db: Connection) throws -> Int64 {
        let placeholders = Array(repeating: "?", count: place.columns.count).joined(separator: ", ")
        var id: Int64 = 0
        try db.forEachRow("""
            INSERT INTO assets (\(place.columns.joined(separator: ", ")), file_size, mtime_ns, content_hash, status,
            error_class, error_message, seen_run, updated_at, added_at, kind)
            VALUES (\(placeholders), ?, ?, ?, 'failed', ?, ?, ?, ?, ?, ?)
            ON CONFLICT (path) DO UPDATE SET root = excluded.root, file_size = excluded.file_size,
            mtime_ns = excluded.mtime_ns, content_hash = coalesce(excluded.content_hash, assets.content_hash),
            status = 'failed', error_class = excluded.error_class, error_message = excluded.error_message,
            warning = NULL, missing = 0, seen_run = excluded.seen_run, updated_at = excluded.updated_at
            RETURNING id
            """, place.values + failed + [failed.last ?? nil, kind.rawValue]) { id = $0.int64("id") }
        return id
    }

    static func assetID(atPath path: String, db: Connection) throws -> Int64? {
        try db.first("SELECT id FROM assets WHERE path = ?", path) { $0.int64("id") }
    }

    /// The columns `upsertAsset` writes after the place's, in the order of `assetValues`.
    private static var assetColumns: [String] {
        ["kind", "format", "content_hash", "file_size", "mtime_ns", "width", "height", "orientation", "make", "model",
         "lens_model", "iso", "f_number", "exposure_time", "focal_length", "seen_run", "updated_at", "duration_seconds",
         "frame_rate", "codec", "frame_count", "loop_count", "content_identifier", "motion_offset", "motion_length", "subtypes",
         "paired_asset_id", "pairing", "hidden", "warning"] + CatalogColumns.sidecar
    }

    /// Pairing is reset here (no partner, shown) and made again by `CatalogPairing.pairLivePhoto`.
    private static func assetValues(_ asset: AssetDraft, run: Int64) -> [Any?] {
        let m = asset.metadata, d = asset.details
        let subtypes = asset.subtypes.subtracting([.live]).sorted().map(\.rawValue).joined(separator: ",")
        let values: [Any?] = [
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
    /// at once make one row.
    private static func upsertAsset(_ asset: AssetDraft, run: Int64, db: Connection) throws -> Int64 {
        let place = placeColumns(of: asset.file)
        let columns = place.columns + assetColumns
        let values = place.values + assetValues(asset, run: run)
        let healthy = "status = 'ok', error_class = NULL, error_message = NULL, missing = 0"
        if let id = asset.existingID {
            // A file at this path that another asset held before (a move onto an old path) gives its row up.
            try db.run("DELETE FROM assets WHERE path = ? AND id <> ?", asset.file.path, id)
            let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
            try db.forEachRow("UPDATE assets SET \(assignments), \(healthy) WHERE id = ?", values + [id]) { _ in }
            return id
        }
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        var id: Int64 = 0
        try db.forEachRow("""
            INSERT INTO assets (\(columns.joined(separator: ", ")), added_at, status)
            VALUES (\(Array(repeating: "?", count: values.count + 1).joined(separator: ", ")), 'ok')
            ON CONFLICT (path) DO UPDATE SET \(updates), \(healthy)
            RETURNING id
            """, values + [CatalogClock.now()]) { id = $0.int64("id") }
        return id
    }

    /// The asset's thumbnails become exactly `thumbnails`: a spec renamed or dropped from the
    /// pipeline leaves no stale row behind (its files stay until a clean-up removes them). One
    /// INSERT for all of them, its text depending only on how many.
    private static func replaceThumbnails(of id: Int64, with thumbnails: [ThumbnailRecord], db: Connection) throws {
        try db.run("DELETE FROM thumbnails WHERE asset_id = ?", id)
        guard !thumbnails.isEmpty else { return }
        let rows = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: thumbnails.count).joined(separator: ", ")
        let values: [Any?] = thumbnails.flatMap { [id, $0.name, $0.recipe, $0.width, $0.height, $0.relativePath] as [Any?] }
        try db.forEachRow("INSERT INTO thumbnails (asset_id, name, recipe, width, height, path) VALUES \(rows)", values) { _ in }
    }
}
