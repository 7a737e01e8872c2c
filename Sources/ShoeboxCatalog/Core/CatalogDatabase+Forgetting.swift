import Foundation

/// Forgetting (`CatalogStore.forget`), the same on every backend, in one write transaction:
/// what the rows took part in is undone through the rules that made it (pairing, grouping,
/// bursts, moments), then the rows go; their thumbnail records and album memberships go with
/// them (the schema's `ON DELETE CASCADE`).
extension CatalogDatabase {
    func forget(under path: String) throws -> [String] {
        let under = CatalogPaths.range(under: path)
        return try writing { db in
            let keys = Set(try db.rows("""
                DELETE FROM resource_files WHERE path = ? OR (path >= ? AND path < ?) RETURNING group_key
                """, path, under.lowerBound, under.upperBound) { $0.text("group_key") })
            let ids = try db.rows("SELECT id FROM assets WHERE path = ? OR (path >= ? AND path < ?)",
                                  path, under.lowerBound, under.upperBound) { $0.int64("id") }
            return try Self.forget(ids, alsoRegrouping: keys, db: db)
        }
    }

    func forgetMissing(before date: Date) throws -> [String] {
        try writing { db in
            let ids = try db.rows("SELECT id FROM assets WHERE missing = 1 AND updated_at <= ?", date.formatted(.iso8601)) {
                $0.int64("id")
            }
            return try Self.forget(ids, alsoRegrouping: [], db: db)
        }
    }

    /// Undoes what rows `ids` took part in, then removes them; returns their paths, sorted.
    private static func forget(_ ids: [Int64], alsoRegrouping keys: Set<String>, db: Connection) throws -> [String] {
        guard !ids.isEmpty else {
            try CatalogGrouping.regroup(keys, db: db)
            return []
        }
        var groups = keys
        for id in ids { groups.formUnion(try CatalogGrouping.groupKeys(around: id, db: db)) }
        let bursts = try CatalogBursts.keys(of: ids, db: db)
        let drives = try CatalogDriveRuns.anchors(of: ids, db: db)
        for id in ids { try CatalogPairing.release(id, db: db) }
        try CatalogMoments.markStale(ofAssetsWhere: db.isAmongIDs("id"), db.idList(ids), db: db)
        let paths = try db.rows("DELETE FROM assets WHERE \(db.isAmongIDs("id")) RETURNING path", db.idList(ids)) { $0.text("path") }
        try CatalogGrouping.regroup(groups, db: db)
        try CatalogBursts.rechoose(bursts.union(CatalogDriveRuns.recut(drives, db: db)), db: db)
        return paths.sorted()
    }
}
