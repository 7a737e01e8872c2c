import ShoeboxModel

/// Bursts of continuous-drive frames as the catalog keeps them, for both backends, inside the
/// writing transaction of the change that calls it. The frames of one camera in one folder
/// (rows with a `drive_camera`) are cut into bursts by `ContinuousDriveRuns`; each frame of a
/// burst gets its `burst_key` and the burst subtype, and `CatalogBursts` chooses the frame
/// shown as for any burst. A frame alone holds neither.
///
/// A change is cut around the frames it touched (`Anchor`), not across the folder: the frames
/// read are those of a window of capture times around each, widened until no burst reaches
/// across its edges, so recording a frame costs the same in a folder of ten thousand.
enum CatalogDriveRuns {
    /// A continuous frame a change touched, where it was or is: its camera's frames in its
    /// folder around its capture time are cut again.
    struct Anchor: Hashable {
        var root: String
        var folder: String
        var camera: String
        var id: Int64
        var takenAt: String?
    }

    /// The seconds either side of an anchor read first; each widening reads four times more.
    static let firstReach = 30.0
    static let widestReach = 400_000_000.0

    /// Rows `ids` as they are now, those taken in continuous drive.
    static func anchors(of ids: [Int64], db: some CatalogSQL) throws -> Set<Anchor> {
        guard !ids.isEmpty else { return [] }
        return Set(try db.rows("""
            SELECT id, root, album_folder, drive_camera, taken_at FROM assets
            WHERE drive_camera IS NOT NULL AND \(db.isAmongIDs("id"))
            """, db.idList(ids)) {
            Anchor(root: $0.text("root"), folder: $0.text("album_folder"), camera: $0.text("drive_camera"),
                   id: $0.int64("id"), takenAt: $0.optionalText("taken_at"))
        })
    }

    /// Cuts the frames around each anchor into bursts again from what the catalog holds now,
    /// and returns every burst key a frame held before or holds now, for
    /// `CatalogBursts.rechoose`, which makes the members of each again (a frame whose key
    /// changed is a member of none until then).
    static func recut(_ anchors: Set<Anchor>, db: some CatalogSQL) throws -> Set<String> {
        var keys: Set<String> = [], changed: [Int64] = []
        for anchor in anchors {
            let (frames, cut) = try cutAround(anchor, db: db)
            let settled = Set(cut.settled)
            for frame in frames where settled.contains(frame.rule.id) && frame.burstKey != cut.keys[frame.rule.id] {
                let key = cut.keys[frame.rule.id]
                try db.run("UPDATE assets SET burst_key = ?, subtypes = ?, burst_member = 0 WHERE id = ?", key,
                           CatalogColumns.subtypesText(frame.subtypes(inBurst: key != nil)), frame.rule.id)
                keys.formUnion([frame.burstKey, key].compactMap { $0 })
                changed.append(frame.rule.id)
            }
        }
        try CatalogVisibility.settle(changed, db: db)
        return keys
    }

    /// The frames read around the anchor and the cut of those a change there can alter: in a
    /// window around its time, widened until the runs near it are whole
    /// (`ContinuousDriveRuns.cut`); for a frame with no capture time, or past the widest
    /// window, every frame of its camera in its folder, all cut.
    private static func cutAround(_ anchor: Anchor, db: some CatalogSQL) throws
        -> (frames: [Frame], cut: (settled: [Int64], keys: [Int64: String])) {
        let group = "drive_camera = ? AND album_folder = ? AND root = ?"
        let columns = "id, taken_at, drive_shot, path, burst_key, subtypes"
        var reach = firstReach
        while reach < widestReach, let taken = anchor.takenAt,
              let window = ContinuousDriveRuns.window(around: taken, reach: reach) {
            let frames = try db.rows("SELECT \(columns) FROM assets WHERE \(group) AND taken_at >= ? AND taken_at < ?",
                                     anchor.camera, anchor.folder, anchor.root, window.from, window.to, as: Frame.init)
            if let cut = ContinuousDriveRuns.cut(around: taken, window: window, frames: frames.map(\.rule), camera: anchor.camera) {
                return (frames, cut)
            }
            reach *= 4
        }
        let frames = try db.rows("SELECT \(columns) FROM assets WHERE \(group)", anchor.camera, anchor.folder, anchor.root,
                                 as: Frame.init)
        var keys: [Int64: String] = [:]
        for burst in ContinuousDriveRuns.bursts(frames.map(\.rule), camera: anchor.camera) {
            for id in burst.ids { keys[id] = burst.key }
        }
        return (frames, (frames.map(\.rule.id), keys))
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
