import ShoeboxModel

/// Bursts of continuous-drive frames as the catalog keeps them, for both backends, inside the
/// writing transaction of the change that calls it. The frames of one camera in one folder
/// (rows with a `drive_camera`) are cut into bursts by `ContinuousDriveRuns`; each frame of a
/// burst gets its `burst_key` and the burst subtype, and `CatalogBursts` chooses the frame
/// shown as for any burst. A frame alone holds neither.
enum CatalogDriveRuns {
    /// One camera's continuous frames in one folder under one root.
    struct Group: Hashable {
        var root: String
        var folder: String
        var camera: String
    }

    /// The groups rows `ids` belong to now.
    static func groups(of ids: [Int64], db: some CatalogSQL) throws -> Set<Group> {
        guard !ids.isEmpty else { return [] }
        return Set(try db.rows("""
            SELECT root, album_folder, drive_camera FROM assets WHERE drive_camera IS NOT NULL AND \(db.isAmongIDs("id"))
            """, db.idList(ids)) { Group(root: $0.text("root"), folder: $0.text("album_folder"), camera: $0.text("drive_camera")) })
    }

    /// Cuts each group into bursts again from what the catalog holds now, and returns every
    /// burst key a frame held before or holds now, for `CatalogBursts.rechoose`, which makes
    /// the members of each again (a frame whose key changed is a member of none until then).
    static func recut(_ groups: Set<Group>, db: some CatalogSQL) throws -> Set<String> {
        var keys: Set<String> = [], changed: [Int64] = []
        for group in groups {
            let frames = try db.rows("""
                SELECT id, taken_at, drive_shot, path, burst_key, subtypes FROM assets
                WHERE drive_camera = ? AND album_folder = ? AND root = ?
                """, group.camera, group.folder, group.root, as: Frame.init)
            var cut: [Int64: String] = [:]
            for burst in ContinuousDriveRuns.bursts(frames.map(\.rule), camera: group.camera) {
                for id in burst.ids { cut[id] = burst.key }
            }
            for frame in frames where frame.burstKey != cut[frame.rule.id] {
                try db.run("UPDATE assets SET burst_key = ?, subtypes = ?, burst_member = 0 WHERE id = ?", cut[frame.rule.id],
                           CatalogColumns.subtypesText(frame.subtypes(inBurst: cut[frame.rule.id] != nil)), frame.rule.id)
                keys.formUnion([frame.burstKey, cut[frame.rule.id]].compactMap { $0 })
                changed.append(frame.rule.id)
            }
        }
        try CatalogVisibility.settle(changed, db: db)
        return keys
    }

    /// One frame as the cut reads it.
    private struct Frame {
        var rule: ContinuousDriveRuns.Frame
        var burstKey: String?
        var subtypes: Set<AssetSubtype>

        init(_ row: any CatalogRow) {
            rule = ContinuousDriveRuns.Frame(id: row.int64("id"), takenAt: row.optionalText("taken_at"),
                                             shot: row.optionalInt("drive_shot"), path: row.text("path"))
            burstKey = row.optionalText("burst_key")
            subtypes = CatalogColumns.subtypes(row.text("subtypes"))
        }

        func subtypes(inBurst: Bool) -> Set<AssetSubtype> {
            inBurst ? subtypes.union([.burst]) : subtypes.subtracting([.burst])
        }
    }
}
