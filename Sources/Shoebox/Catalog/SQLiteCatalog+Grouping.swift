extension SQLiteCatalog {
    /// Groups again every key in `keys` by `ResourceGrouping.plan`, from what the catalog holds
    /// now: each member's resource type, the shown member's id on the others (which are hidden,
    /// so that listings show the asset once), and each adjustment file's asset. A row that
    /// leaves a group is shown again as what it is (unless it is a Live Photo's paired video).
    /// Runs inside the caller's transaction; cheap for a key no group uses.
    static func regroup(_ keys: Set<String>, db: SQLiteConnection) throws {
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
        /// A Live Photo's video, hidden by pairing whatever its group.
        var isPairedVideo = false
        /// A still's own Live Photo video: a paired one, or a motion photo's embedded one.
        var stillHasVideo: Bool? = nil
        var stored: Stored
    }

    private static func regroup(_ key: String, db: SQLiteConnection) throws {
        var rows: [Row] = []
        let assets = try db.statement("""
            SELECT id, path, kind, format, status, missing, paired_asset_id, motion_offset, resource_type, resource_of, hidden
            FROM assets WHERE group_key = ?
            """).bind(key)
        while try assets.step() {
            let paired = !assets.isNull("paired_asset_id")
            let kind = AssetKind(rawValue: assets.text("kind")) ?? .photo
            let healthy = assets.text("status") == AssetRecord.Status.ok.rawValue && assets.int("missing") == 0
            let role = healthy ? ResourceGrouping.role(kind: kind, format: assets.optionalText("format").flatMap(MediaFormat.init(rawValue:)),
                                                       isPairedVideo: paired, path: assets.text("path")) : nil
            let isStill = kind == .livePhoto || (kind == .photo && assets.optionalText("format") != MediaFormat.gif.rawValue)
            let stored = Stored(resourceType: assets.optionalText("resource_type"),
                                owner: assets.isNull("resource_of") ? nil : assets.int64("resource_of"),
                                hidden: assets.int("hidden") != 0, kind: isStill ? kind.rawValue : nil)
            rows.append(Row(id: assets.int64("id"), isFile: false, role: role, isPairedVideo: paired && kind == .video,
                            stillHasVideo: isStill ? paired || !assets.isNull("motion_offset") : nil, stored: stored))
        }
        assets.reset()
        let files = try db.statement("SELECT id, resource_type, asset_id FROM resource_files WHERE group_key = ?").bind(key)
        while try files.step() {
            let stored = Stored(resourceType: files.optionalText("resource_type"),
                                owner: files.isNull("asset_id") ? nil : files.int64("asset_id"))
            rows.append(Row(id: files.int64("id"), isFile: true, role: .adjustment, stored: stored))
        }
        files.reset()
        guard !rows.isEmpty else { return }
        try store(ResourceGrouping.plan(rows.map(\.role)), for: rows, db: db)
    }

    /// Writes the plan on the rows it changes (most regroups change nothing).
    private static func store(_ plan: ResourceGrouping.Plan?, for rows: [Row], db: SQLiteConnection) throws {
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
                try db.statement("UPDATE resource_files SET resource_type = ?, asset_id = ? WHERE id = ?")
                    .bind(wanted.resourceType, wanted.owner, row.id).run()
            } else {
                try db.statement("UPDATE assets SET resource_type = ?, resource_of = ?, hidden = ?, kind = coalesce(?, kind) WHERE id = ?")
                    .bind(wanted.resourceType, wanted.owner, wanted.hidden, wanted.kind, row.id).run()
            }
        }
    }

    /// The group keys a change to asset `id` can touch: its own, and its Live Photo partner's (a
    /// re-pairing moves a video in or out of a group). Pairs point at each other, so the
    /// partner is found by primary key, never by a scan.
    static func groupKeys(around id: Int64, db: SQLiteConnection) throws -> Set<String> {
        let statement = try db.statement("""
            SELECT group_key FROM assets WHERE group_key IS NOT NULL
            AND id IN (?1, (SELECT paired_asset_id FROM assets WHERE id = ?1))
            """).bind(id)
        var keys: Set<String> = []
        while try statement.step() { keys.insert(statement.text("group_key")) }
        return keys
    }

    /// The group keys of the grouped assets under `range` that `run` did not see: the groups
    /// `markMissing` is about to break.
    static func groupKeysOfGroupedAssets(in range: Range<String>, notSeenIn run: Int64,
                                         db: SQLiteConnection) throws -> Set<String> {
        let statement = try db.statement("""
            SELECT group_key FROM assets WHERE resource_type IS NOT NULL AND missing = 0 AND seen_run <> ?
            AND path >= ? AND path < ?
            """).bind(run, range.lowerBound, range.upperBound)
        var keys: Set<String> = []
        while try statement.step() { keys.insert(statement.text("group_key")) }
        return keys
    }

    /// Gives asset `id` the group key of its (new) path.
    static func setGroupKey(of id: Int64, path: String, db: SQLiteConnection) throws {
        try db.statement("UPDATE assets SET group_key = ? WHERE id = ?").bind(ResourceGrouping.key(forPath: path), id).run()
    }

    /// Notes a file that is only ever a resource (`ResourceGrouping.isResourceFile`: an `.aae`)
    /// as seen by `run`, and groups it with the asset of its key, if there is one.
    public func recordResourceFile(atPath path: String, status: SourceFile.Status, run: Int64) throws {
        let key = ResourceGrouping.key(forPath: path)
        try write { db in
            try db.transaction {
                let known = try db.statement("SELECT id FROM resource_files WHERE path = ?").bind(path)
                let isNew = try !known.step()
                known.reset()
                try db.statement("""
                    INSERT INTO resource_files (path, group_key, file_size, mtime_ns, seen_run) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (path) DO UPDATE SET file_size = excluded.file_size, mtime_ns = excluded.mtime_ns,
                    seen_run = excluded.seen_run
                    """).bind(path, key, status.size, status.modifiedNanoseconds, run).run()
                if isNew { try Self.regroup([key], db: db) }
            }
        }
    }

    /// Forgets the resource files under `range` that `run` did not see (they are gone from
    /// disk; they were never assets, so nothing is flagged), and returns their group keys.
    static func forgetResourceFiles(in range: Range<String>, notSeenIn run: Int64, db: SQLiteConnection) throws -> Set<String> {
        let gone = try db.statement("SELECT group_key FROM resource_files WHERE seen_run <> ? AND path >= ? AND path < ?")
            .bind(run, range.lowerBound, range.upperBound)
        var keys: Set<String> = []
        while try gone.step() { keys.insert(gone.text("group_key")) }
        gone.reset()
        try db.statement("DELETE FROM resource_files WHERE seen_run <> ? AND path >= ? AND path < ?")
            .bind(run, range.lowerBound, range.upperBound).run()
        return keys
    }
}
