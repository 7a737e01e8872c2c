/// Live Photo pairing as the catalog stores it, for both backends, inside the writing
/// transaction of the change that calls it, so that a pair is made whole or not at all,
/// whichever file arrived first and in whichever run. The decisions are `LivePhotoPairing`'s;
/// SQL here only finds candidates and stores the outcome: the still becomes a `livePhoto`
/// pointing at the video, and the video is hidden from listings (`HiddenRule`: its row stays,
/// so the file is still tracked).
enum CatalogPairing {
    /// Pairs a just-recorded still or video with its counterpart under the same root, if the
    /// catalog holds one, after giving up the pair it had.
    static func pairLivePhoto(_ id: Int64, _ asset: AssetDraft, rules: LivePhotoRules, db: some CatalogSQL) throws {
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
    /// catalog holds one: for files that came back (seen again after being flagged missing) or
    /// moved, whose rows were not written again.
    static func pairIfUnpaired(_ ids: [Int64], rules: LivePhotoRules, db: some CatalogSQL) throws {
        for id in ids {
            guard let (side, facts, root) = try db.first("""
                SELECT id, root, kind, format, motion_offset, status, missing, paired_asset_id,
                content_identifier, pair_key, duration_seconds, taken_at, taken_at_source FROM assets WHERE id = ?
                """, id, as: unpairedSide) ?? nil else { continue }
            try pair(id, side: side, facts: facts, root: root, rules: rules, db: db)
        }
    }

    /// The side a row can be, its facts and root, when it is healthy, on disk and unpaired.
    private static func unpairedSide(_ row: any CatalogRow) -> (LivePhotoPairing.Side, LivePhotoPairing.Facts, String)? {
        guard row.text("status") == AssetRecord.Status.ok.rawValue, !row.flag("missing"), row.isNull("paired_asset_id"),
              let side = side(of: row) else { return nil }
        return (side, facts(from: row), row.text("root"))
    }

    /// Undoes every pair that `LivePhotoPairing.stands` no longer holds because one of its
    /// files is flagged missing: the still is shown as a photo and the video as a video, each
    /// with its own `missing` flag. Returns the ids of the stills and videos released.
    @discardableResult
    static func releasePairsMissingAFile(db: some CatalogSQL) throws -> [Int64] {
        let broken = try db.rows("""
            SELECT still.id AS still_id, still.kind AS still_kind, still.motion_offset AS still_motion_offset,
            still.missing AS still_missing, video.id AS video_id, video.kind AS video_kind, video.missing AS video_missing
            FROM assets video JOIN assets still ON still.id = video.paired_asset_id
            WHERE video.hidden = 1 AND video.kind = ? AND (video.missing = 1 OR still.missing = 1)
            """, LivePhotoPairing.kind(of: .video).rawValue) { row -> [(id: Int64, kind: AssetKind)] in
            guard !LivePhotoPairing.stands(stillMissing: row.flag("still_missing"), videoMissing: row.flag("video_missing")) else {
                return []
            }
            let stillKind = AssetKind(rawValue: row.text("still_kind")) ?? .photo
            return [(row.int64("still_id"), LivePhotoPairing.kindWhenUnpaired(stillKind, isMotionPhoto: !row.isNull("still_motion_offset"))),
                    (row.int64("video_id"), AssetKind(rawValue: row.text("video_kind")) ?? .video)]
        }.joined()
        for side in broken { try unpair(side.id, kind: side.kind, db: db) }
        return broken.map(\.id)
    }

    /// A re-recorded or forgotten file gives up its old pair: the partner is shown again as
    /// what it is (`LivePhotoPairing.kindWhenUnpaired`).
    static func release(_ id: Int64, db: some CatalogSQL) throws {
        let partners = try db.rows("SELECT id, kind, motion_offset FROM assets WHERE paired_asset_id = ?", id) { partner in
            (id: partner.int64("id"), kind: LivePhotoPairing.kindWhenUnpaired(AssetKind(rawValue: partner.text("kind")) ?? .photo,
                                                                              isMotionPhoto: !partner.isNull("motion_offset")))
        }
        for partner in partners { try unpair(partner.id, kind: partner.kind, db: db) }
    }

    /// Writes one side of a pair undone: no partner, hidden only for its other causes.
    private static func unpair(_ id: Int64, kind: AssetKind, db: some CatalogSQL) throws {
        try db.run("UPDATE assets SET kind = ?, paired_asset_id = NULL, pairing = NULL WHERE id = ?", kind.rawValue, id)
        try CatalogVisibility.settle([id], db: db)
    }

    /// Pairs `id` with the first counterpart under `root` that the rule accepts, if any.
    ///
    /// Two writers may record the two halves at once, each in its own transaction, where
    /// neither sees the other's uncommitted row: both would stay unpaired. So the search holds
    /// a transaction lock named by the root and the halves' shared key (identifier, else name
    /// key): the second half's search waits for the first's transaction to end, and then finds
    /// it. (The parts are joined by U+001F: text bound to PostgreSQL cannot hold a NUL.)
    private static func pair(_ id: Int64, side: LivePhotoPairing.Side, facts mine: LivePhotoPairing.Facts, root: String,
                             rules: LivePhotoRules, db: some CatalogSQL) throws {
        try db.holdTransactionLock(named: "live photo\u{1F}\(root)\u{1F}\(mine.contentIdentifier ?? mine.pairKey)")
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

    private static func pair(still: Int64, video: Int64, method: LivePhotoPairing.Method, db: some CatalogSQL) throws {
        try db.run("UPDATE assets SET kind = ?, paired_asset_id = ?, pairing = ? WHERE id = ?",
                   LivePhotoPairing.pairedStillKind.rawValue, video, method.rawValue, still)
        try db.run("UPDATE assets SET paired_asset_id = ?, pairing = ? WHERE id = ?", still, method.rawValue, video)
        try CatalogVisibility.settle([still, video], db: db)
    }

    /// Which half a row that selected kind, format and motion_offset can be.
    private static func side(of row: any CatalogRow) -> LivePhotoPairing.Side? {
        LivePhotoPairing.side(kind: AssetKind(rawValue: row.text("kind")) ?? .photo,
                              format: row.optionalText("format").flatMap(MediaFormat.init(rawValue:)),
                              isMotionPhoto: !row.isNull("motion_offset"))
    }

    /// The rule's facts from a row that selected content_identifier, pair_key, duration_seconds,
    /// taken_at and taken_at_source (a file's modification time is no capture time).
    private static func facts(from row: any CatalogRow) -> LivePhotoPairing.Facts {
        let fileTime = row.optionalText("taken_at_source") == TakenAtSource.fileModificationTime.rawValue
        return LivePhotoPairing.Facts(contentIdentifier: row.optionalText("content_identifier"), pairKey: row.text("pair_key"),
                                      durationSeconds: row.optionalDouble("duration_seconds"),
                                      captureTime: fileTime ? nil : row.optionalText("taken_at"))
    }

    /// Unpaired, healthy counterparts under the same root: by identifier when this file has
    /// one, else by name among those without one. SQL narrows them by the kind a counterpart
    /// is stored as; `LivePhotoPairing.side` says which of them can be that half (not a GIF,
    /// not a motion photo), and the rule decides the rest.
    private static func candidates(stills: Bool, facts: LivePhotoPairing.Facts, root: String,
                                   db: some CatalogSQL) throws -> [(id: Int64, facts: LivePhotoPairing.Facts)] {
        let wanted: LivePhotoPairing.Side = stills ? .still : .video
        let match = facts.contentIdentifier == nil ? "pair_key = ? AND content_identifier IS NULL" : "content_identifier = ?"
        return try db.rows("""
            SELECT id, kind, format, motion_offset, content_identifier, pair_key, duration_seconds, taken_at, taken_at_source
            FROM assets WHERE kind = ? AND \(match) AND root = ? AND \(ShownAssets.healthy) AND paired_asset_id IS NULL
            ORDER BY id LIMIT 16
            """, LivePhotoPairing.kind(of: wanted).rawValue, facts.contentIdentifier ?? facts.pairKey, root) { row in
            side(of: row) == wanted ? (row.int64("id"), Self.facts(from: row)) : nil
        }.compactMap { $0 }
    }
}
