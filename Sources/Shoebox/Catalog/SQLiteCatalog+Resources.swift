extension SQLiteCatalog: ResourceReading {
    public func resources(ofAsset id: Int64) throws -> [AssetResource] {
        try read { db in
            let row = try db.statement("""
                SELECT coalesce(a.resource_of, a.id) AS owner, o.kind, o.path, o.file_size, o.resource_type,
                (SELECT p.path FROM assets p WHERE p.id = o.paired_asset_id) AS video_path,
                (SELECT p.file_size FROM assets p WHERE p.id = o.paired_asset_id) AS video_size
                FROM assets a JOIN assets o ON o.id = coalesce(a.resource_of, a.id) WHERE a.id = ?
                """).bind(id)
            guard try row.step() else { return [] }
            guard row.isNull("resource_type") else { return try Self.groupResources(of: row.int64("owner"), db: db) }
            var resources = [AssetResource(type: .standalone(AssetKind(rawValue: row.text("kind")) ?? .photo),
                                           path: row.text("path"), fileSize: row.int64("file_size"))]
            if let video = row.optionalText("video_path"), row.text("kind") == AssetKind.livePhoto.rawValue {
                resources.append(AssetResource(type: .pairedVideo, path: video, fileSize: row.int64("video_size")))
            }
            return resources
        }
    }

    private static func groupResources(of owner: Int64, db: SQLiteConnection) throws -> [AssetResource] {
        let statement = try db.statement("""
            SELECT path, file_size, resource_type FROM assets WHERE (id = ?1 OR resource_of = ?1) AND resource_type IS NOT NULL
            UNION ALL SELECT path, file_size, resource_type FROM resource_files WHERE asset_id = ?1
            """).bind(owner)
        var resources: [AssetResource] = []
        while try statement.step() {
            guard let type = AssetResourceType(rawValue: statement.text("resource_type")) else { continue }
            resources.append(AssetResource(type: type, path: statement.text("path"), fileSize: statement.int64("file_size")))
        }
        return resources.sorted { ($0.type, $0.path) < ($1.type, $1.path) }
    }
}
