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
    /// `keepingThumbnails`: the asset's evidence was read again, its pixels were not
    /// (`refreshMetadata`): its thumbnails stay as they are.
    static func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules, keepingThumbnails: Bool = false,
                       db: Connection) throws -> Int64 {
        let existing = try asset.existingID ?? assetID(atPath: asset.file.path, db: db)
        let before = try existing.map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
        let burstsBefore = try CatalogBursts.keys(of: existing.map { [$0] } ?? [], db: db)
        let drivesBefore = try CatalogDriveRuns.anchors(of: existing.map { [$0] } ?? [], db: db)
        let id = try upsertAsset(asset, run: run, db: db)
        if !keepingThumbnails { try replaceThumbnails(of: id, with: asset.thumbnails, db: db) }
        try CatalogGrouping.setGroupKey(of: id, path: asset.file.path, db: db)
        try CatalogPairing.pairLivePhoto(id, asset, rules: livePhotoRules, db: db)
        try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
        let driveBursts = try CatalogDriveRuns.recut(drivesBefore.union(CatalogDriveRuns.anchors(of: [id], db: db)), db: db)
        try CatalogBursts.rechoose(burstsBefore.union(driveBursts).union(asset.details.burst.map { [$0.key] } ?? []), db: db)
        try CatalogVisibility.settle([id], db: db)
        return id
    }

    /// `recordFailure`'s writes, in the caller's transaction. A failed file leaves its group:
    /// the others are grouped again without it.
    static func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?,
                              existingID: Int64?, run: Int64, db: Connection) throws {
        let existing = try existingID ?? assetID(atPath: file.path, db: db)
        let before = try existing.map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
        let bursts = try CatalogBursts.keys(of: existing.map { [$0] } ?? [], db: db)
        let now = CatalogClock.now()
        let values = placeColumns(of: file).values + [file.status.size, file.status.modifiedNanoseconds, contentHash,
                                                      failure.errorClass.rawValue, failure.reason, failure.stage?.rawValue,
                                                      failure.cause?.library, failure.cause?.code, failure.cause?.message, run, now]
        var id = existing
        if let existing {
            try db.forEachRow(recordingSQL.markFailed, values + [existing]) { _ in }
        } else {
            try db.forEachRow(recordingSQL.insertFailed, values + [now, AssetKind.guess(forPath: file.path).rawValue]) {
                id = $0.int64("id")
            }
        }
        guard let id = try id ?? assetID(atPath: file.path, db: db) else { return }
        try CatalogGrouping.setGroupKey(of: id, path: file.path, db: db)
        try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
        try CatalogBursts.rechoose(bursts, db: db)
    }

    static func assetID(atPath path: String, db: Connection) throws -> Int64? {
        try db.first("SELECT id FROM assets WHERE path = ?", path) { $0.int64("id") }
    }

    /// Values for `CatalogRecordingSQL.assetColumns`. Pairing is reset here (no partner) and
    /// made again by `CatalogPairing.pairLivePhoto`, and burst membership by
    /// `CatalogBursts.rechoose` (a frame renamed out of its burst is a member no more);
    /// `hidden` is settled after them (`CatalogVisibility`).
    private static func assetValues(_ asset: AssetDraft, run: Int64, now: String) -> [Any?] {
        let m = asset.metadata, d = asset.details
        let subtypes = CatalogColumns.subtypesText(asset.subtypes)
        let driveCamera = d.continuousDrive.map { _ in ContinuousDriveRuns.camera(make: m.make, model: m.model) }
        let values: [Any?] = [
            asset.kind.rawValue, asset.format.rawValue, asset.contentHash, asset.file.status.size,
            asset.file.status.modifiedNanoseconds, asset.displayedSize.width, asset.displayedSize.height, m.orientation,
            m.make, m.model, m.lensModel, m.iso, m.fNumber, m.exposureTime, m.focalLength, run, now,
            d.durationSeconds, d.frameRate, d.codec, d.frameCount, d.loopCount, d.contentIdentifier,
            d.motionPhoto?.offset, d.motionPhoto?.length, subtypes, nil, nil, asset.warning,
            d.burst?.key, d.burst?.isCover == true ? 1 : nil, 0, EvidenceReading.version, driveCamera, d.continuousDrive?.shot,
        ]
        return values + CatalogColumns.sidecarValues(asset)
    }

    /// Writes the asset's row: the row it names (`existingID`), else the row at its path, made
    /// or taken over in one `INSERT ... ON CONFLICT (path)`, so two writers recording one path
    /// at once make one row.
    private static func upsertAsset(_ asset: AssetDraft, run: Int64, db: Connection) throws -> Int64 {
        let now = CatalogClock.now()
        let values = placeColumns(of: asset.file).values + assetValues(asset, run: run, now: now)
        if let id = asset.existingID {
            // A file at this path that another asset held before (a move onto an old path) gives
            // its row up, and its moment is cut again without it.
            try CatalogMoments.markStale(ofAssetsWhere: "path = ? AND id <> ?", asset.file.path, id, db: db)
            try db.run("DELETE FROM assets WHERE path = ? AND id <> ?", asset.file.path, id)
            try db.forEachRow(recordingSQL.updateAsset, values + [id]) { _ in }
            return id
        }
        var id: Int64?
        try db.forEachRow(recordingSQL.insertAsset, values + [now]) { id = $0.int64("id") }
        return try id ?? assetID(atPath: asset.file.path, db: db) ?? 0
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
