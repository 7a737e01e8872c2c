extension SQLiteCatalog {
    /// Pairs a just-recorded still or video with its Live Photo counterpart, if the catalog
    /// holds one under the same root: the still becomes a `livePhoto` pointing at the video,
    /// and the video is hidden from listings (its row stays, so the file is still tracked).
    /// Runs inside `record`'s transaction, so a pair is made whole or not at all, whichever
    /// file arrived first and in whichever run.
    func pairLivePhoto(_ id: Int64, _ asset: AssetDraft, rules: LivePhotoRules, db: SQLiteConnection) throws {
        try release(id, db: db)
        let mine = facts(of: asset)
        if asset.kind == .video {
            for candidate in try candidates(stills: true, for: asset, facts: mine, db: db) {
                if let method = LivePhotoPairing.method(still: candidate.facts, video: mine, rules: rules) {
                    return try pair(still: candidate.id, video: id, method: method, db: db)
                }
            }
        } else if asset.kind == .photo && asset.format != .gif {
            for candidate in try candidates(stills: false, for: asset, facts: mine, db: db) {
                if let method = LivePhotoPairing.method(still: mine, video: candidate.facts, rules: rules) {
                    return try pair(still: id, video: candidate.id, method: method, db: db)
                }
            }
        }
    }

    /// A re-recorded file gives up its old pair: the partner is shown again as what it is.
    private func release(_ id: Int64, db: SQLiteConnection) throws {
        try db.statement("""
            UPDATE assets SET hidden = 0, paired_asset_id = NULL, pairing = NULL,
            kind = CASE WHEN kind = 'livePhoto' AND motion_offset IS NULL THEN 'photo' ELSE kind END
            WHERE paired_asset_id = ?
            """).bind(id).run()
    }

    private func pair(still: Int64, video: Int64, method: LivePhotoPairing.Method, db: SQLiteConnection) throws {
        try db.statement("UPDATE assets SET kind = 'livePhoto', paired_asset_id = ?, pairing = ?, hidden = 0 WHERE id = ?")
            .bind(video, method.rawValue, still).run()
        try db.statement("UPDATE assets SET paired_asset_id = ?, pairing = ?, hidden = 1 WHERE id = ?")
            .bind(still, method.rawValue, video).run()
    }

    private func facts(of asset: AssetDraft) -> LivePhotoPairing.Facts {
        let captured = asset.metadata.takenAtSource == .fileModificationTime ? nil : asset.metadata.takenAt
        return LivePhotoPairing.Facts(contentIdentifier: asset.details.contentIdentifier,
                                      pairKey: LivePhotoPairing.pairKey(forPath: asset.file.path),
                                      durationSeconds: asset.details.durationSeconds, captureTime: captured)
    }

    /// Unpaired, healthy counterparts under the same root: by identifier when this file has
    /// one, else by name among those without one (the rule decides the rest).
    private func candidates(stills: Bool, for asset: AssetDraft, facts: LivePhotoPairing.Facts,
                            db: SQLiteConnection) throws -> [(id: Int64, facts: LivePhotoPairing.Facts)] {
        let kinds = stills ? "kind = 'photo' AND format <> 'gif' AND motion_offset IS NULL" : "kind = 'video'"
        let match = facts.contentIdentifier == nil ? "pair_key = ? AND content_identifier IS NULL" : "content_identifier = ?"
        let statement = try db.statement("""
            SELECT id, content_identifier, pair_key, duration_seconds, taken_at, taken_at_source FROM assets
            WHERE \(kinds) AND \(match) AND root = ? AND status = 'ok' AND missing = 0 AND paired_asset_id IS NULL
            ORDER BY id LIMIT 16
            """).bind(facts.contentIdentifier ?? facts.pairKey, asset.file.root)
        var found: [(Int64, LivePhotoPairing.Facts)] = []
        while try statement.step() {
            let fileTime = statement.optionalText(5) == TakenAtSource.fileModificationTime.rawValue
            found.append((statement.int64(0), LivePhotoPairing.Facts(
                contentIdentifier: statement.optionalText(1), pairKey: statement.text(2),
                durationSeconds: statement.optionalDouble(3), captureTime: fileTime ? nil : statement.optionalText(4))))
        }
        return found
    }
}
