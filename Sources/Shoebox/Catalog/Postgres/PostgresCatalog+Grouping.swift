/// Resource grouping (`ResourceGrouping`: an edited variant, a RAW beside its JPEG, an `.aae`),
/// inside the writing transaction of the change that calls it. The plan is Swift's; SQL reads
/// a group's rows and writes the rows the plan changes.
extension PostgresCatalog {
    /// Groups again every key in `keys`, from what the catalog holds now.
    static func regroup(_ keys: Set<String>, db: PGConnection) throws {
        for key in keys.sorted() { try regroup(key, db: db) }
    }

    /// What grouping writes on one row.
    private struct Stored: Equatable {
        var resourceType: String?
        /// `resource_of` on an asset row, `asset_id` on a resource file's.
        var owner: Int64?
        var hidden = false
        /// A still's kind; nil for any other row (left as it is).
        var kind: String?
    }

    private struct Row {
        var id: Int64
        var isFile: Bool
        var role: ResourceGrouping.Role?
        var isPairedVideo = false
        var stillHasVideo: Bool? = nil
        var stored: Stored
    }

    private static func regroup(_ key: String, db: PGConnection) throws {
        var rows: [Row] = []
        for asset in try db.query("""
            SELECT id, path, kind, format, status, missing, paired_asset_id, motion_offset, resource_type, resource_of, hidden
            FROM assets WHERE group_key = $1
            """, key).rows {
            let paired = !asset.isNull("paired_asset_id")
            let kind = AssetKind(rawValue: asset.text("kind")) ?? .photo
            let format = asset.optionalText("format").flatMap(MediaFormat.init(rawValue:))
            let healthy = asset.text("status") == AssetRecord.Status.ok.rawValue && asset.int("missing") == 0
            let role = healthy ? ResourceGrouping.role(kind: kind, format: format, isPairedVideo: paired, path: asset.text("path")) : nil
            let isStill = kind == .livePhoto || (kind == .photo && format != .gif)
            let stored = Stored(resourceType: asset.optionalText("resource_type"), owner: asset.optionalInt64("resource_of"),
                                hidden: asset.int("hidden") != 0, kind: isStill ? kind.rawValue : nil)
            rows.append(Row(id: asset.int64("id"), isFile: false, role: role, isPairedVideo: paired && kind == .video,
                            stillHasVideo: isStill ? paired || !asset.isNull("motion_offset") : nil, stored: stored))
        }
        for file in try db.query("SELECT id, resource_type, asset_id FROM resource_files WHERE group_key = $1", key).rows {
            let stored = Stored(resourceType: file.optionalText("resource_type"), owner: file.optionalInt64("asset_id"))
            rows.append(Row(id: file.int64("id"), isFile: true, role: .adjustment, stored: stored))
        }
        guard !rows.isEmpty else { return }
        try store(ResourceGrouping.plan(rows.map(\.role)), for: rows, db: db)
    }

    /// Writes the plan on the rows it changes (most regroups change nothing).
    private static func store(_ plan: ResourceGrouping.Plan?, for rows: [Row], db: PGConnection) throws {
        let shown = plan.map { rows[$0.primary].id }
        for (index, row) in rows.enumerated() {
            let type = plan?.types[index]
            var wanted = Stored(resourceType: type?.rawValue)
            if row.isFile {
                wanted.owner = type == nil ? nil : shown
            } else {
                wanted.owner = type == nil || index == plan?.primary ? nil : shown
                wanted.hidden = wanted.owner != nil || row.isPairedVideo
                wanted.kind = row.stillHasVideo.map { ownVideo in
                    ResourceGrouping.stillKind(hasOwnVideo: ownVideo,
                                               shownAsLivePhoto: index == plan?.primary && plan?.isLivePhoto == true).rawValue
                }
            }
            guard wanted != row.stored else { continue }
            if row.isFile {
                try db.query("UPDATE resource_files SET resource_type = $1, asset_id = $2 WHERE id = $3",
                             wanted.resourceType, wanted.owner, row.id)
            } else {
                try db.query("UPDATE assets SET resource_type = $1, resource_of = $2, hidden = $3, kind = coalesce($4, kind) WHERE id = $5",
                             wanted.resourceType, wanted.owner, wanted.hidden, wanted.kind, row.id)
            }
        }
    }

    /// The group keys a change to asset `id` can touch: its own, and its Live Photo partner's.
    static func groupKeys(around id: Int64, db: PGConnection) throws -> Set<String> {
        Set(try db.query("""
            SELECT group_key FROM assets WHERE group_key IS NOT NULL
            AND id IN ($1, (SELECT paired_asset_id FROM assets WHERE id = $1))
            """, id).rows.map { $0.text("group_key") })
    }

    /// The group keys of the grouped assets under `range` that `run` did not see.
    static func groupKeysOfGroupedAssets(in range: Range<String>, notSeenIn run: Int64, db: PGConnection) throws -> Set<String> {
        Set(try db.query("""
            SELECT group_key FROM assets WHERE resource_type IS NOT NULL AND missing = 0 AND seen_run <> $1
            AND path >= $2 AND path < $3
            """, run, range.lowerBound, range.upperBound).rows.map { $0.text("group_key") })
    }

    /// Gives asset `id` the group key of its (new) path.
    static func setGroupKey(of id: Int64, path: String, db: PGConnection) throws {
        try db.query("UPDATE assets SET group_key = $1 WHERE id = $2", ResourceGrouping.key(forPath: path), id)
    }

    /// Notes a file that is only ever a resource (an `.aae`) as seen by `run`, and groups it
    /// with the asset of its key, if there is one. One upsert: `xmax = 0` tells a new row.
    public func recordResourceFile(atPath path: String, status: SourceFile.Status, run: Int64) throws {
        let key = ResourceGrouping.key(forPath: path)
        try write { db in
            let inserted = try db.query("""
                INSERT INTO resource_files (path, group_key, file_size, mtime_ns, seen_run) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (path) DO UPDATE SET file_size = excluded.file_size, mtime_ns = excluded.mtime_ns,
                seen_run = excluded.seen_run
                RETURNING (xmax = 0) AS inserted
                """, path, key, status.size, status.modifiedNanoseconds, run).first?.bool("inserted") ?? false
            if inserted { try Self.regroup([key], db: db) }
        }
    }

    /// Forgets the resource files under `range` that `run` did not see; returns their group keys.
    static func forgetResourceFiles(in range: Range<String>, notSeenIn run: Int64, db: PGConnection) throws -> Set<String> {
        Set(try db.query("DELETE FROM resource_files WHERE seen_run <> $1 AND path >= $2 AND path < $3 RETURNING group_key",
                         run, range.lowerBound, range.upperBound).rows.map { $0.text("group_key") })
    }
}
