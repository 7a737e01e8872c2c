extension SQLiteCatalog {
    /// Pairs a just-recorded still or video with its Live Photo counterpart, if the catalog
    /// holds one under the same root: the still becomes a `livePhoto` pointing at the video,
    /// and the video is hidden from listings (its row stays, so the file is still tracked).
    /// Runs inside `record`'s transaction, so a pair is made whole or not at all, whichever
    /// file arrived first and in whichever run.
    func pairLivePhoto(_ id: Int64, _ asset: AssetDraft, rules: LivePhotoRules, db: SQLiteConnection) throws {
        try release(id, db: db)
        guard let side = LivePhotoPairing.side(kind: asset.kind, format: asset.format,
                                               isMotionPhoto: asset.details.motionPhoto != nil) else { return }
        try pair(id, side: side, facts: facts(of: asset), root: asset.file.root, rules: rules, db: db)
    }

    /// Pairs each of `ids` that is unpaired, healthy and on disk with its counterpart, if the
    /// catalog holds one: for files that came back (seen again after being flagged missing) or
    /// moved, whose rows were not written again. Runs inside the caller's transaction.
    func pairIfUnpaired(_ ids: [Int64], rules: LivePhotoRules, db: SQLiteConnection) throws {
        for id in ids {
            let statement = try db.statement("""
                SELECT id, root, kind, format, motion_offset, status, missing, paired_asset_id,
                content_identifier, pair_key, duration_seconds, taken_at, taken_at_source FROM assets WHERE id = ?
                """).bind(id)
            guard try statement.step(), statement.text("status") == AssetRecord.Status.ok.rawValue,
                  statement.int("missing") == 0, statement.isNull("paired_asset_id"),
                  let side = LivePhotoPairing.side(kind: AssetKind(rawValue: statement.text("kind")) ?? .photo,
                                                   format: statement.optionalText("format").flatMap(MediaFormat.init(rawValue:)),
                                                   isMotionPhoto: !statement.isNull("motion_offset")) else { continue }
            let (facts, root) = (Self.facts(from: statement), statement.text("root"))
            statement.reset()
            try pair(id, side: side, facts: facts, root: root, rules: rules, db: db)
        }
    }

    /// Undoes every pair that `LivePhotoPairing.stands` no longer holds because one of its
    /// files is flagged missing: the still is shown as a photo and the video as a video, each
    /// with its own `missing` flag. Runs inside `markMissing`'s transaction; returns the ids of
    /// the stills and videos released.
    @discardableResult
    func releasePairsMissingAFile(db: SQLiteConnection) throws -> [Int64] {
        let statement = try db.statement("""
            SELECT still.id AS still_id, still.kind AS still_kind, still.motion_offset AS still_motion_offset,
            still.missing AS still_missing, video.id AS video_id, video.kind AS video_kind, video.missing AS video_missing
            FROM assets video JOIN assets still ON still.id = video.paired_asset_id
            WHERE video.hidden = 1 AND video.kind = ? AND (video.missing = 1 OR still.missing = 1)
            """).bind(LivePhotoPairing.kind(of: .video).rawValue)
        var broken: [(id: Int64, kind: AssetKind)] = []
        while try statement.step() {
            guard !LivePhotoPairing.stands(stillMissing: statement.int("still_missing") != 0,
                                           videoMissing: statement.int("video_missing") != 0) else { continue }
            let stillKind = AssetKind(rawValue: statement.text("still_kind")) ?? .photo
            broken.append((statement.int64("still_id"), LivePhotoPairing.kindWhenUnpaired(
                stillKind, isMotionPhoto: !statement.isNull("still_motion_offset"))))
            broken.append((statement.int64("video_id"), AssetKind(rawValue: statement.text("video_kind")) ?? .video))
        }
        statement.reset()
        for side in broken { try Self.unpair(side.id, kind: side.kind, db: db) }
        return broken.map(\.id)
    }

    /// A re-recorded file gives up its old pair: the partner is shown again as what it is
    /// (`LivePhotoPairing.kindWhenUnpaired`).
    private func release(_ id: Int64, db: SQLiteConnection) throws {
        let partners = try db.statement("SELECT id, kind, motion_offset FROM assets WHERE paired_asset_id = ?").bind(id)
        var unpaired: [(id: Int64, kind: AssetKind)] = []
        while try partners.step() {
            let kind = AssetKind(rawValue: partners.text("kind")) ?? .photo
            unpaired.append((partners.int64("id"),
                             LivePhotoPairing.kindWhenUnpaired(kind, isMotionPhoto: !partners.isNull("motion_offset"))))
        }
        partners.reset()
        for partner in unpaired { try Self.unpair(partner.id, kind: partner.kind, db: db) }
    }

    /// Writes one side of a pair undone: no partner, hidden only as a group's member.
    private static func unpair(_ id: Int64, kind: AssetKind, db: SQLiteConnection) throws {
        try db.statement("""
            UPDATE assets SET kind = ?, paired_asset_id = NULL, pairing = NULL, hidden = (resource_of IS NOT NULL) WHERE id = ?
            """).bind(kind.rawValue, id).run()
    }

    /// Pairs `id` with the first counterpart under `root` that the rule accepts, if any.
    private func pair(_ id: Int64, side: LivePhotoPairing.Side, facts mine: LivePhotoPairing.Facts, root: String,
                      rules: LivePhotoRules, db: SQLiteConnection) throws {
        for candidate in try candidates(stills: side == .video, facts: mine, root: root, db: db) {
            switch side {
            case .video:
                if let method = LivePhotoPairing.method(still: candidate.facts, video: mine, rules: rules) {
                    return try pair(still: candidate.id, video: id, method: method, db: db)
                }
            case .still:
                if let method = LivePhotoPairing.method(still: mine, video: candidate.facts, rules: rules) {
                    return try pair(still: id, video: candidate.id, method: method, db: db)
                }
            }
        }
    }

    private func pair(still: Int64, video: Int64, method: LivePhotoPairing.Method, db: SQLiteConnection) throws {
        try db.statement("""
            UPDATE assets SET kind = ?, paired_asset_id = ?, pairing = ?, hidden = (resource_of IS NOT NULL) WHERE id = ?
            """)
            .bind(LivePhotoPairing.pairedStillKind.rawValue, video, method.rawValue, still).run()
        try db.statement("UPDATE assets SET paired_asset_id = ?, pairing = ?, hidden = 1 WHERE id = ?")
            .bind(still, method.rawValue, video).run()
    }

    private func facts(of asset: AssetDraft) -> LivePhotoPairing.Facts {
        let captured = asset.metadata.takenAtSource == .fileModificationTime ? nil : asset.metadata.takenAt
        return LivePhotoPairing.Facts(contentIdentifier: asset.details.contentIdentifier,
                                      pairKey: LivePhotoPairing.pairKey(forPath: asset.file.path),
                                      durationSeconds: asset.details.durationSeconds, captureTime: captured)
    }

    /// The rule's facts from a row that selected content_identifier, pair_key, duration_seconds,
    /// taken_at and taken_at_source (a file's modification time is no capture time).
    private static func facts(from statement: SQLiteStatement) -> LivePhotoPairing.Facts {
        let fileTime = statement.optionalText("taken_at_source") == TakenAtSource.fileModificationTime.rawValue
        return LivePhotoPairing.Facts(contentIdentifier: statement.optionalText("content_identifier"),
                                      pairKey: statement.text("pair_key"), durationSeconds: statement.optionalDouble("duration_seconds"),
                                      captureTime: fileTime ? nil : statement.optionalText("taken_at"))
    }

    /// Unpaired, healthy counterparts under the same root: by identifier when this file has
    /// one, else by name among those without one. SQL narrows them by the kind a counterpart
    /// is stored as; `LivePhotoPairing.side` says which of them can be that half (not a GIF,
    /// not a motion photo), and the rule decides the rest.
    private func candidates(stills: Bool, facts: LivePhotoPairing.Facts, root: String,
                            db: SQLiteConnection) throws -> [(id: Int64, facts: LivePhotoPairing.Facts)] {
        let wanted: LivePhotoPairing.Side = stills ? .still : .video
        let match = facts.contentIdentifier == nil ? "pair_key = ? AND content_identifier IS NULL" : "content_identifier = ?"
        let statement = try db.statement("""
            SELECT id, kind, format, motion_offset, content_identifier, pair_key, duration_seconds, taken_at, taken_at_source
            FROM assets WHERE kind = ? AND \(match) AND root = ? AND status = 'ok' AND missing = 0 AND paired_asset_id IS NULL
            ORDER BY id LIMIT 16
            """).bind(LivePhotoPairing.kind(of: wanted).rawValue, facts.contentIdentifier ?? facts.pairKey, root)
        var found: [(Int64, LivePhotoPairing.Facts)] = []
        while try statement.step() {
            let side = LivePhotoPairing.side(kind: AssetKind(rawValue: statement.text("kind")) ?? .photo,
                                             format: statement.optionalText("format").flatMap(MediaFormat.init(rawValue:)),
                                             isMotionPhoto: !statement.isNull("motion_offset"))
            guard side == wanted else { continue }
            found.append((statement.int64("id"), Self.facts(from: statement)))
        }
        return found
    }
}
