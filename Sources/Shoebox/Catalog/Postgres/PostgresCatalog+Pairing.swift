/// Live Photo pairing, inside the writing transaction of the change that calls it. The
/// decisions are `LivePhotoPairing`'s (Swift, shared with the SQLite catalog); SQL here only
/// finds candidates and stores the outcome.
extension PostgresCatalog {
    /// Pairs a just-recorded still or video with its Live Photo counterpart under the same
    /// root, if the catalog holds one; the pair is made whole or not at all with the record.
    static func pairLivePhoto(_ id: Int64, _ asset: AssetDraft, rules: LivePhotoRules, db: PGConnection) throws {
        try release(id, db: db)
        guard let side = LivePhotoPairing.side(kind: asset.kind, format: asset.format,
                                               isMotionPhoto: asset.details.motionPhoto != nil) else { return }
        let captured = asset.metadata.takenAtSource == .fileModificationTime ? nil : asset.metadata.takenAt
        let facts = LivePhotoPairing.Facts(contentIdentifier: asset.details.contentIdentifier,
                                           pairKey: LivePhotoPairing.pairKey(forPath: asset.file.path),
                                           durationSeconds: asset.details.durationSeconds, captureTime: captured)
        try pair(id, side: side, facts: facts, root: asset.file.root, rules: rules, db: db)
    }

    /// Pairs each of `ids` that is unpaired, healthy and on disk with its counterpart, if the
    /// catalog holds one: for files that came back or moved, whose rows were not written again.
    static func pairIfUnpaired(_ ids: [Int64], rules: LivePhotoRules, db: PGConnection) throws {
        for id in ids {
            guard let row = try db.query("""
                SELECT id, root, kind, format, motion_offset, status, missing, paired_asset_id,
                content_identifier, pair_key, duration_seconds, taken_at, taken_at_source FROM assets WHERE id = $1
                """, id).first,
                row.text("status") == AssetRecord.Status.ok.rawValue, row.int("missing") == 0, row.isNull("paired_asset_id"),
                let side = LivePhotoPairing.side(kind: AssetKind(rawValue: row.text("kind")) ?? .photo,
                                                 format: row.optionalText("format").flatMap(MediaFormat.init(rawValue:)),
                                                 isMotionPhoto: !row.isNull("motion_offset")) else { continue }
            try pair(id, side: side, facts: facts(from: row), root: row.text("root"), rules: rules, db: db)
        }
    }

    /// Undoes every pair that `LivePhotoPairing.stands` no longer holds because one of its
    /// files is flagged missing; returns the ids of the stills and videos released.
    @discardableResult
    static func releasePairsMissingAFile(db: PGConnection) throws -> [Int64] {
        let rows = try db.query("""
            SELECT still.id AS still_id, still.kind AS still_kind, still.motion_offset AS still_motion_offset,
            still.missing AS still_missing, video.id AS video_id, video.kind AS video_kind, video.missing AS video_missing
            FROM assets video JOIN assets still ON still.id = video.paired_asset_id
            WHERE video.hidden = 1 AND video.kind = $1 AND (video.missing = 1 OR still.missing = 1)
            """, LivePhotoPairing.kind(of: .video).rawValue).rows
        var broken: [(id: Int64, kind: AssetKind)] = []
        for row in rows where !LivePhotoPairing.stands(stillMissing: row.int("still_missing") != 0,
                                                        videoMissing: row.int("video_missing") != 0) {
            let stillKind = AssetKind(rawValue: row.text("still_kind")) ?? .photo
            broken.append((row.int64("still_id"), LivePhotoPairing.kindWhenUnpaired(
                stillKind, isMotionPhoto: !row.isNull("still_motion_offset"))))
            broken.append((row.int64("video_id"), AssetKind(rawValue: row.text("video_kind")) ?? .video))
        }
        for side in broken { try unpair(side.id, kind: side.kind, db: db) }
        return broken.map(\.id)
    }

    /// A re-recorded file gives up its old pair: the partner is shown again as what it is.
    private static func release(_ id: Int64, db: PGConnection) throws {
        let partners = try db.query("SELECT id, kind, motion_offset FROM assets WHERE paired_asset_id = $1", id).rows
        for partner in partners {
            let kind = AssetKind(rawValue: partner.text("kind")) ?? .photo
            try unpair(partner.int64("id"), kind: LivePhotoPairing.kindWhenUnpaired(kind, isMotionPhoto: !partner.isNull("motion_offset")),
                       db: db)
        }
    }

    /// Writes one side of a pair undone: no partner, hidden only as a group's member.
    private static func unpair(_ id: Int64, kind: AssetKind, db: PGConnection) throws {
        try db.query("""
            UPDATE assets SET kind = $1, paired_asset_id = NULL, pairing = NULL, hidden = (resource_of IS NOT NULL)::int WHERE id = $2
            """, kind.rawValue, id)
    }

    /// Pairs `id` with the first counterpart under `root` that the rule accepts, if any.
    ///
    /// Two workers may record the two halves at once, each in its own transaction, where
    /// neither sees the other's uncommitted row: both would stay unpaired. So the search holds
    /// a transaction lock named by the root and the halves' shared key (identifier, else name
    /// key): the second half's search waits for the first's transaction to end, and then (READ
    /// COMMITTED: each statement sees what committed before it) finds it. (The parts are
    /// joined by U+001F: text bound to PostgreSQL cannot hold a NUL.)
    private static func pair(_ id: Int64, side: LivePhotoPairing.Side, facts mine: LivePhotoPairing.Facts, root: String,
                             rules: LivePhotoRules, db: PGConnection) throws {
        try db.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                     "live photo\u{1F}\(root)\u{1F}\(mine.contentIdentifier ?? mine.pairKey)")
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

    private static func pair(still: Int64, video: Int64, method: LivePhotoPairing.Method, db: PGConnection) throws {
        try db.query("""
            UPDATE assets SET kind = $1, paired_asset_id = $2, pairing = $3, hidden = (resource_of IS NOT NULL)::int WHERE id = $4
            """, LivePhotoPairing.pairedStillKind.rawValue, video, method.rawValue, still)
        try db.query("UPDATE assets SET paired_asset_id = $1, pairing = $2, hidden = 1 WHERE id = $3", still, method.rawValue, video)
    }

    /// The rule's facts from a row that selected content_identifier, pair_key, duration_seconds,
    /// taken_at and taken_at_source (a file's modification time is no capture time).
    private static func facts(from row: PGRow) -> LivePhotoPairing.Facts {
        let fileTime = row.optionalText("taken_at_source") == TakenAtSource.fileModificationTime.rawValue
        return LivePhotoPairing.Facts(contentIdentifier: row.optionalText("content_identifier"), pairKey: row.text("pair_key"),
                                      durationSeconds: row.optionalDouble("duration_seconds"),
                                      captureTime: fileTime ? nil : row.optionalText("taken_at"))
    }

    /// Unpaired, healthy counterparts under the same root: by identifier when this file has
    /// one, else by name among those without one; `LivePhotoPairing.side` says which can be
    /// the wanted half, and the rule decides the rest.
    private static func candidates(stills: Bool, facts: LivePhotoPairing.Facts, root: String,
                                   db: PGConnection) throws -> [(id: Int64, facts: LivePhotoPairing.Facts)] {
        let wanted: LivePhotoPairing.Side = stills ? .still : .video
        let match = facts.contentIdentifier == nil ? "pair_key = $2 AND content_identifier IS NULL" : "content_identifier = $2"
        let rows = try db.query("""
            SELECT id, kind, format, motion_offset, content_identifier, pair_key, duration_seconds, taken_at, taken_at_source
            FROM assets WHERE kind = $1 AND \(match) AND root = $3 AND status = 'ok' AND missing = 0 AND paired_asset_id IS NULL
            ORDER BY id LIMIT 16
            """, LivePhotoPairing.kind(of: wanted).rawValue, facts.contentIdentifier ?? facts.pairKey, root).rows
        return rows.compactMap { row in
            let side = LivePhotoPairing.side(kind: AssetKind(rawValue: row.text("kind")) ?? .photo,
                                             format: row.optionalText("format").flatMap(MediaFormat.init(rawValue:)),
                                             isMotionPhoto: !row.isNull("motion_offset"))
            return side == wanted ? (row.int64("id"), Self.facts(from: row)) : nil
        }
    }
}
