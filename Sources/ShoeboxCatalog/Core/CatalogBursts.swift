import ShoeboxModel

/// Bursts as the catalog stores them, for both backends, inside the writing transaction of
/// the change that calls it. A burst is the photos of one folder (under one root) sharing a
/// `burst_key` (`BurstEvidence`); `BurstRepresentative` picks the frame shown, and the others
/// are marked `burst_member`, which hides them (`HiddenRule`, settled by `CatalogVisibility`).
enum CatalogBursts {
    /// The burst keys rows `ids` hold now.
    static func keys(of ids: [Int64], db: some CatalogSQL) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return Set(try db.rows("SELECT burst_key FROM assets WHERE burst_key IS NOT NULL AND \(db.isAmongIDs("id"))",
                               db.idList(ids)) { $0.text("burst_key") })
    }

    /// Chooses each burst of `keys` its representative again from what the catalog holds now,
    /// marks the others members, and settles `hidden` on the rows that changed. Cheap for a
    /// key no row holds.
    ///
    /// Two writers recording frames of one burst at once would each miss the other's
    /// uncommitted frame, and both show theirs: the choice holds a transaction lock named by
    /// the key, so the second waits for the first's transaction to end, and then sees it.
    static func rechoose(_ keys: Set<String>, db: some CatalogSQL) throws {
        var changed: [Int64] = []
        for key in keys.sorted() {
            try db.holdTransactionLock(named: "burst\u{1F}\(key)")
            let frames = try db.rows("""
                SELECT id, root, album_folder, path, sort_taken, burst_pick, burst_cover, burst_member, status, missing,
                resource_of, kind, paired_asset_id FROM assets WHERE burst_key = ?
                """, key, as: Frame.init)
            for burst in Dictionary(grouping: frames, by: \.folder).values {
                let shown = BurstRepresentative.choose(burst.filter(\.canRepresent).map(\.choice))
                for frame in burst where frame.isMember != (frame.canRepresent && frame.choice.id != shown) {
                    try db.run("UPDATE assets SET burst_member = ? WHERE id = ?", frame.isMember ? 0 : 1, frame.choice.id)
                    changed.append(frame.choice.id)
                }
            }
        }
        try CatalogVisibility.settle(changed, db: db)
    }

    /// One row of a burst as the choice reads it.
    private struct Frame {
        var choice: BurstRepresentative.Frame
        /// The root and the folder under it: a burst is one folder's frames.
        var folder: String
        var isMember: Bool
        /// Healthy and shown but for its burst: a frame the burst may be shown as.
        var canRepresent: Bool

        init(_ row: any CatalogRow) {
            choice = BurstRepresentative.Frame(id: row.int64("id"), isPick: !row.isNull("burst_pick"),
                                               isCover: !row.isNull("burst_cover"), sortTaken: row.optionalText("sort_taken") ?? "",
                                               path: row.text("path"))
            folder = row.text("root") + "\u{1F}" + row.text("album_folder")
            isMember = row.flag("burst_member")
            let healthy = row.text("status") == AssetRecord.Status.ok.rawValue && !row.flag("missing")
            let pairedVideo = row.text("kind") == AssetKind.video.rawValue && !row.isNull("paired_asset_id")
            canRepresent = healthy && HiddenRule.isHiddenForMoreThanItsBurst(
                .init(isResource: !row.isNull("resource_of"), isPairedVideo: pairedVideo, isHiddenByPerson: false)) == false
        }
    }
}
