extension SQLiteCatalog {
    public func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws -> Int64 {
        try write { db in
            try db.transaction {
                let before = try (asset.existingID ?? assetID(atPath: asset.file.path, db: db))
                    .map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
                let id = try upsertAsset(asset, run: run, db: db)
                try replaceThumbnails(of: id, with: asset.thumbnails, db: db)
                try CatalogGrouping.setGroupKey(of: id, path: asset.file.path, db: db)
                try CatalogPairing.pairLivePhoto(id, asset, rules: livePhotoRules, db: db)
                try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
                return id
            }
        }
    }

    public func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?,
                              existingID: Int64?, run: Int64) throws {
        try write { db in
            try db.transaction {
                let now = CatalogClock.now()
                let existing = try existingID ?? assetID(atPath: file.path, db: db)
                let before = try existing.map { try CatalogGrouping.groupKeys(around: $0, db: db) } ?? []
                if let id = existing {
                    try db.statement("""
                        UPDATE assets SET path = ?, root = ?, file_size = ?, mtime_ns = ?, content_hash = coalesce(?, content_hash),
                        status = 'failed', error_class = ?, error_message = ?, warning = NULL, missing = 0, seen_run = ?,
                        updated_at = ?
                        WHERE id = ?
                        """).bind(file.path, file.root, file.status.size, file.status.modifiedNanoseconds, contentHash,
                                  failure.errorClass.rawValue, failure.reason, run, now, id).run()
                } else {
                    try db.statement("""
                        INSERT INTO assets (path, root, kind, content_hash, file_size, mtime_ns, status, error_class,
                        error_message, seen_run, added_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'failed', ?, ?, ?, ?, ?)
                        """).bind(file.path, file.root, AssetKind.guess(forPath: file.path).rawValue, contentHash, file.status.size, file.status.modifiedNanoseconds,
                                  failure.errorClass.rawValue, failure.reason, run, now, now).run()
                }
                // A failed file leaves its group: the others are grouped again without it.
                let id = existing ?? db.lastInsertedRowID
                try CatalogGrouping.setGroupKey(of: id, path: file.path, db: db)
                try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
            }
        }
    }

    private func assetID(atPath path: String, db: SQLiteConnection) throws -> Int64? {
        let statement = try db.statement("SELECT id FROM assets WHERE path = ?").bind(path)
        return try statement.step() ? statement.int64(0) : nil
    }

    private func upsertAsset(_ asset: AssetDraft, run: Int64, db: SQLiteConnection) throws -> Int64 {
        let m = asset.metadata
        let now = CatalogClock.now()
        let values: [Any?] = [
            asset.file.path, asset.file.root, asset.kind.rawValue, asset.format.rawValue, asset.contentHash,
            asset.file.status.size, asset.file.status.modifiedNanoseconds,
            asset.displayedSize.width, asset.displayedSize.height, m.orientation,
            m.make, m.model, m.lensModel, m.iso, m.fNumber, m.exposureTime, m.focalLength, run, now,
        ] + detailValues(asset) + [asset.warning] + CatalogColumns.sidecarValues(asset)
        let columns = """
            path, root, kind, format, content_hash, file_size, mtime_ns, width, height, orientation,
            make, model, lens_model, iso, f_number, exposure_time, focal_length, seen_run, updated_at, duration_seconds, frame_rate, codec,
            frame_count, loop_count, content_identifier, motion_offset, motion_length, subtypes, pair_key,
            paired_asset_id, pairing, hidden, warning, \(CatalogColumns.sidecar.joined(separator: ", "))
            """
        // A file at this path that another asset held before (a move onto an old path) gives its row up.
        if let id = try asset.existingID ?? assetID(atPath: asset.file.path, db: db) {
            if let other = try assetID(atPath: asset.file.path, db: db), other != id {
                try db.statement("DELETE FROM assets WHERE id = ?").bind(other).run()
            }
            let assignments = columns.split(separator: ",").map { "\(String($0).trimmingWhitespace()) = ?" }.joined(separator: ", ")
            let statement = try db.statement("""
                UPDATE assets SET \(assignments), status = 'ok', error_class = NULL, error_message = NULL, missing = 0
                WHERE id = ?
                """)
            try bindAll(statement, values + [id])
            try statement.run()
            return id
        }
        let placeholders = Array(repeating: "?", count: values.count + 1).joined(separator: ", ")
        let statement = try db.statement("INSERT INTO assets (\(columns), added_at, status) VALUES (\(placeholders), 'ok')")
        try bindAll(statement, values + [now])
        try statement.run()
        return db.lastInsertedRowID
    }

    /// The asset's thumbnails become exactly `thumbnails`: a spec renamed or dropped from the
    /// pipeline leaves no stale row behind (its files stay until a clean-up removes them).
    private func replaceThumbnails(of id: Int64, with thumbnails: [ThumbnailRecord], db: SQLiteConnection) throws {
        try db.statement("DELETE FROM thumbnails WHERE asset_id = ?").bind(id).run()
        for thumbnail in thumbnails {
            try db.statement("""
                INSERT INTO thumbnails (asset_id, name, recipe, width, height, path) VALUES (?, ?, ?, ?, ?, ?)
                """).bind(id, thumbnail.name, thumbnail.recipe, thumbnail.width, thumbnail.height, thumbnail.relativePath).run()
        }
    }

    /// The GIF, video and Live Photo columns; pairing is reset and made again by `pairLivePhoto`.
    private func detailValues(_ asset: AssetDraft) -> [Any?] {
        let d = asset.details
        let subtypes = asset.subtypes.subtracting([.live]).sorted().map(\.rawValue).joined(separator: ",")
        return [d.durationSeconds, d.frameRate, d.codec, d.frameCount, d.loopCount, d.contentIdentifier,
                d.motionPhoto?.offset, d.motionPhoto?.length, subtypes, LivePhotoPairing.pairKey(forPath: asset.file.path),
                nil, nil, false]
    }

    private func bindAll(_ statement: SQLiteStatement, _ values: [Any?]) throws {
        try statement.bindArray(values)
    }
}
