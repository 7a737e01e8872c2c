/// Resource grouping as the catalog stores it (`ResourceGrouping`: an edited variant, a RAW
/// beside its JPEG, an `.aae`), for both backends, inside the writing transaction of the
/// change that calls it. The plan is Swift's; SQL reads a group's rows and writes the rows
/// the plan changes.
enum CatalogGrouping {
    /// Groups again every key in `keys` by `ResourceGrouping.plan`, from what the catalog holds
    /// now: each member's resource type, the shown member's id on the others (which are hidden,
    /// so that listings show the asset once), and each adjustment file's asset. A row that
    /// leaves a group is shown again as what it is (unless it is a Live Photo's paired video).
    /// Cheap for a key no group uses. `settlingHidden` false leaves `hidden` to the caller:
    /// only an upgrade from before the catalog held every cause `CatalogVisibility` reads.
    static func regroup(_ keys: Set<String>, settlingHidden: Bool = true, db: some CatalogSQL) throws {
        for key in keys.sorted() { try regroup(key, settlingHidden: settlingHidden, db: db) }
    }

    /// What grouping writes on one row (`hidden` follows from `resource_of`: `CatalogVisibility`).
    private struct Stored: Equatable {
        var resourceType: String?
        /// `resource_of` on an asset row, `asset_id` on a resource file's.
        var owner: Int64?
        /// A still's kind; nil for any other row (left as it is).
        var kind: String?
    }

    private struct Row {
        var id: Int64
        var isFile: Bool
        var role: ResourceGrouping.Role?
        /// A still's own Live Photo video: a paired one, or a motion photo's embedded one.
        var stillHasVideo: Bool? = nil
        var stored: Stored
    }

    private static func regroup(_ key: String, settlingHidden: Bool, db: some CatalogSQL) throws {
        var rows = try db.rows("""
            SELECT id, path, kind, format, status, missing, paired_asset_id, motion_offset, resource_type, resource_of
            FROM assets WHERE group_key = ?
            """, key, as: assetRow)
        rows += try db.rows("SELECT id, resource_type, asset_id FROM resource_files WHERE group_key = ?", key) { file in
            Row(id: file.int64("id"), isFile: true, role: .adjustment,
                stored: Stored(resourceType: file.optionalText("resource_type"), owner: file.optionalInt64("asset_id")))
        }
        guard !rows.isEmpty else { return }
        let changed = try store(ResourceGrouping.plan(rows.map(\.role)), for: rows, db: db)
        if settlingHidden { try CatalogVisibility.settle(changed, db: db) }
    }

    private static func assetRow(_ asset: any CatalogRow) -> Row {
        let paired = !asset.isNull("paired_asset_id")
        let kind = AssetKind(rawValue: asset.text("kind")) ?? .photo
        let format = asset.optionalText("format").flatMap(MediaFormat.init(rawValue:))
        let healthy = asset.text("status") == AssetRecord.Status.ok.rawValue && !asset.flag("missing")
        let role = healthy ? ResourceGrouping.role(kind: kind, format: format, isPairedVideo: paired, path: asset.text("path")) : nil
        let isStill = kind == .livePhoto || (kind == .photo && format != .gif)
        let stored = Stored(resourceType: asset.optionalText("resource_type"), owner: asset.optionalInt64("resource_of"),
                            kind: isStill ? kind.rawValue : nil)
        return Row(id: asset.int64("id"), isFile: false, role: role,
                   stillHasVideo: isStill ? paired || !asset.isNull("motion_offset") : nil, stored: stored)
    }

    /// Writes the plan on the rows it changes (most regroups change nothing); returns the
    /// asset rows it changed.
    private static func store(_ plan: ResourceGrouping.Plan?, for rows: [Row], db: some CatalogSQL) throws -> [Int64] {
        let shown = plan.map { rows[$0.primary].id }
        var changed: [Int64] = []
        for (index, row) in rows.enumerated() {
            let type = plan?.types[index]
            var wanted = Stored(resourceType: type?.rawValue)
            if row.isFile {
                wanted.owner = type == nil ? nil : shown
            } else {
                wanted.owner = type == nil || index == plan?.primary ? nil : shown
                wanted.kind = row.stillHasVideo.map { ownVideo in
                    ResourceGrouping.stillKind(hasOwnVideo: ownVideo,
                                               shownAsLivePhoto: index == plan?.primary && plan?.isLivePhoto == true).rawValue
                }
            }
            guard wanted != row.stored else { continue }
            if row.isFile {
                try db.run("UPDATE resource_files SET resource_type = ?, asset_id = ? WHERE id = ?", wanted.resourceType, wanted.owner, row.id)
            } else {
                try db.run("UPDATE assets SET resource_type = ?, resource_of = ?, kind = coalesce(?, kind) WHERE id = ?",
                           wanted.resourceType, wanted.owner, wanted.kind, row.id)
                changed.append(row.id)
            }
        }
        return changed
    }

    /// The group keys a change to asset `id` can touch: its own, and its Live Photo partner's (a
    /// re-pairing moves a video in or out of a group). Pairs point at each other, so the
    /// partner is found by primary key, never by a scan.
    static func groupKeys(around id: Int64, db: some CatalogSQL) throws -> Set<String> {
        Set(try db.rows("""
            SELECT group_key FROM assets WHERE group_key IS NOT NULL
            AND id IN (?1, (SELECT paired_asset_id FROM assets WHERE id = ?1))
            """, id) { $0.text("group_key") })
    }

    /// The group keys of the grouped assets under `range` that `run` did not see: the groups
    /// `markMissing` is about to break.
    static func groupKeysOfGroupedAssets(in range: Range<String>, notSeenIn run: Int64, db: some CatalogSQL) throws -> Set<String> {
        Set(try db.rows("""
            SELECT group_key FROM assets WHERE resource_type IS NOT NULL AND missing = 0 AND seen_run <> ?
            AND path >= ? AND path < ?
            """, run, range.lowerBound, range.upperBound) { $0.text("group_key") })
    }

    /// Gives asset `id` the group key of its (new) path.
    static func setGroupKey(of id: Int64, path: String, db: some CatalogSQL) throws {
        try db.run("UPDATE assets SET group_key = ? WHERE id = ?", ResourceGrouping.key(forPath: path), id)
    }

    /// Notes a file that is only ever a resource (`ResourceGrouping.isResourceFile`: an `.aae`)
    /// as seen by `run`, and groups it with the asset of its key, if there is one.
    static func recordResourceFile(atPath path: String, status: FileStatus, run: Int64, db: some CatalogSQL) throws {
        let key = ResourceGrouping.key(forPath: path)
        let isNew = try db.first("SELECT id FROM resource_files WHERE path = ?", path) { _ in true } == nil
        try db.run("""
            INSERT INTO resource_files (path, group_key, file_size, mtime_ns, seen_run) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (path) DO UPDATE SET file_size = excluded.file_size, mtime_ns = excluded.mtime_ns,
            seen_run = excluded.seen_run
            """, path, key, status.size, status.modifiedNanoseconds, run)
        if isNew { try regroup([key], db: db) }
    }

    /// Forgets the resource files under `range` that `run` did not see (they are gone from
    /// disk; they were never assets, so nothing is flagged), and returns their group keys.
    static func forgetResourceFiles(in range: Range<String>, notSeenIn run: Int64, db: some CatalogSQL) throws -> Set<String> {
        Set(try db.rows("DELETE FROM resource_files WHERE seen_run <> ? AND path >= ? AND path < ? RETURNING group_key",
                        run, range.lowerBound, range.upperBound) { $0.text("group_key") })
    }
}
