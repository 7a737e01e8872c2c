/// An asset's files (`ResourceReading`, for `show`) and resource files (`.aae`), as every
/// backend records and reads them.
extension CatalogDatabase {
    /// Notes a file that is only ever a resource (`ResourceGrouping.isResourceFile`) as seen by
    /// `run`, and groups it with the asset of its key, if there is one.
    func recordResourceFile(atPath path: String, status: FileStatus, run: Int64) throws {
        try writing { try CatalogGrouping.recordResourceFile(atPath: path, status: status, run: run, db: $0) }
    }

    func resources(ofAsset id: Int64) throws -> [AssetResource] {
        try reading { db in
            guard let owner = try db.first("""
                SELECT coalesce(a.resource_of, a.id) AS owner, o.kind, o.path, o.file_size, o.resource_type,
                (SELECT p.path FROM assets p WHERE p.id = o.paired_asset_id) AS video_path,
                (SELECT p.file_size FROM assets p WHERE p.id = o.paired_asset_id) AS video_size
                FROM assets a JOIN assets o ON o.id = coalesce(a.resource_of, a.id) WHERE a.id = ?
                """, id, as: ResourceOwner.init) else { return [] }
            return try owner.isGrouped ? Self.groupResources(of: owner.id, db: db) : owner.ownResources
        }
    }

    private static func groupResources(of owner: Int64, db: Connection) throws -> [AssetResource] {
        try db.rows("""
            SELECT path, file_size, resource_type FROM assets WHERE (id = ?1 OR resource_of = ?1) AND resource_type IS NOT NULL
            UNION ALL SELECT path, file_size, resource_type FROM resource_files WHERE asset_id = ?1
            """, owner) { row in
            AssetResourceType(rawValue: row.text("resource_type")).map {
                AssetResource(type: $0, path: row.text("path"), fileSize: row.int64("file_size"))
            }
        }.compactMap { $0 }.sorted { ($0.type, $0.path) < ($1.type, $1.path) }
    }
}

/// The row an asset's resources are read from: the group's shown member, or the asset itself.
private struct ResourceOwner {
    var id: Int64
    var isGrouped: Bool
    /// An asset standing alone: its own file and, for a Live Photo, its paired video.
    var ownResources: [AssetResource]

    init(_ row: any CatalogRow) {
        id = row.int64("owner")
        isGrouped = !row.isNull("resource_type")
        let kind = AssetKind(rawValue: row.text("kind")) ?? .photo
        ownResources = [AssetResource(type: .standalone(kind), path: row.text("path"), fileSize: row.int64("file_size"))]
        if let video = row.optionalText("video_path"), kind == .livePhoto {
            ownResources.append(AssetResource(type: .pairedVideo, path: video, fileSize: row.int64("video_size")))
        }
    }
}
