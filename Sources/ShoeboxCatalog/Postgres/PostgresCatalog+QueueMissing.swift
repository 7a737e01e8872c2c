/// Missing files for queue workers (`WorkQueue.markMissing(under:wasFound:)`): an asset's
/// `seen_run` is the run of whichever worker did its file, so "not seen by this run" says
/// nothing here; what a worker knows is what its own walk found. The catalog's paths under
/// the root come back to Swift, which decides which were not found; SQL writes the flags.
/// (The other way, the walk's paths sent to a temporary table, moves as many paths, in
/// statements of its own: docs/CATALOG.md, "The work queue", docs/BENCHMARKS.md.)
extension PostgresCatalog {
    public func markMissing(under root: String, wasFound: (String) -> Bool) throws -> [String]? {
        let under = CatalogPaths.range(under: root)
        return try write { db in
            guard try !Self.queueIsBusy(in: under, db: db) else { return nil }
            let assets = try db.query("""
                SELECT id, path, group_key, resource_type IS NOT NULL AS grouped FROM assets
                WHERE missing = 0 AND path >= $1 AND path < $2
                """, under.lowerBound, under.upperBound).rows.filter { !wasFound($0.text("path")) }
            let keys = Set(assets.filter { $0.bool("grouped") }.map { $0.text("group_key") })
            let flagged = try db.query("""
                UPDATE assets SET missing = 1, updated_at = $1 WHERE missing = 0 AND id = ANY($2::bigint[]) RETURNING path, burst_key
                """, CatalogClock.now(), Self.idArray(assets.map { $0.int64("id") })).rows
                .map { (path: $0.text("path"), burstKey: $0.optionalText("burst_key")) }
            return try Self.settleMissing(flagged: flagged, keys: keys, db: db) {
                try Self.forgetResourceFiles(in: under, notFoundBy: wasFound, db: db)
            }
        }
    }

    /// Whether an item under `range` is pending or claimed: a worker is still at work there.
    private static func queueIsBusy(in range: Range<String>, db: PGConnection) throws -> Bool {
        try db.query("""
            SELECT EXISTS (SELECT 1 FROM work_queue WHERE state IN ('pending', 'claimed') AND path >= $1 AND path < $2) AS busy
            """, range.lowerBound, range.upperBound).first?.bool("busy") ?? false
    }

    /// Forgets the resource files under `range` the walk did not find; returns their group keys.
    private static func forgetResourceFiles(in range: Range<String>, notFoundBy wasFound: (String) -> Bool,
                                            db: PGConnection) throws -> Set<String> {
        let gone = try db.query("SELECT id, path FROM resource_files WHERE path >= $1 AND path < $2",
                                range.lowerBound, range.upperBound).rows.filter { !wasFound($0.text("path")) }
        guard !gone.isEmpty else { return [] }
        return Set(try db.query("DELETE FROM resource_files WHERE id = ANY($1::bigint[]) RETURNING group_key",
                                idArray(gone.map { $0.int64("id") })).rows.map { $0.text("group_key") })
    }
}
