import Foundation

/// Runs, and what a run learns about files it did not write again: seen, moved, a sidecar
/// changed, gone. The same on every backend; each change re-pairs and regroups what it touches
/// in its own transaction.
extension CatalogDatabase {
    func beginRun(roots: [String]) throws -> Int64 {
        try writing { db in
            try db.first("INSERT INTO runs (started_at, roots) VALUES (?, ?) RETURNING id", CatalogClock.now(),
                         roots.joined(separator: "\n")) { $0.int64("id") } ?? 0
        }
    }

    /// Files flagged missing that are seen again pair and group again.
    ///
    /// `missing` is set only on the rows it changes: an UPDATE naming it rewrites the entries of
    /// every index it bounds (the shown assets' six), which cost an unchanged re-run of 100,000
    /// files a tenth of its time.
    func markSeen(_ ids: [Int64], run: Int64, livePhotoRules: LivePhotoRules) throws {
        guard !ids.isEmpty else { return }
        try writing { db in
            let list = db.idList(ids)
            let returned = try db.rows("SELECT id FROM assets WHERE missing = 1 AND \(db.isAmongIDs("id"))", list) { $0.int64("id") }
            try db.run("UPDATE assets SET seen_run = ? WHERE \(db.isAmongIDs("id"))", run, list)
            if !returned.isEmpty { try db.run("UPDATE assets SET missing = 0 WHERE \(db.isAmongIDs("id"))", db.idList(returned)) }
            try CatalogPairing.pairIfUnpaired(returned, rules: livePhotoRules, db: db)
            try CatalogGrouping.regroup(Set(try returned.flatMap { try CatalogGrouping.groupKeys(around: $0, db: db) }), db: db)
            try CatalogBursts.rechoose(CatalogBursts.keys(of: returned, db: db), db: db)
        }
    }

    /// The moved file's place (`placeColumns`) follows its path; an unpaired file may pair, and
    /// a grouped one leave or join a group, where it now is.
    func relocate(_ id: Int64, to file: DiscoveredFile, run: Int64, livePhotoRules: LivePhotoRules) throws {
        let place = Self.placeColumns(of: file)
        try writing { db in
            let before = try CatalogGrouping.groupKeys(around: id, db: db)
            try db.forEachRow("""
                UPDATE assets SET \(place.assignments), file_size = ?, mtime_ns = ?, seen_run = ?, missing = 0, updated_at = ? WHERE id = ?
                """, place.values + [file.status.size, file.status.modifiedNanoseconds, run, CatalogClock.now(), id]) { _ in }
            try CatalogGrouping.setGroupKey(of: id, path: file.path, db: db)
            try CatalogPairing.pairIfUnpaired([id], rules: livePhotoRules, db: db)
            try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
            try CatalogBursts.rechoose(CatalogBursts.keys(of: [id], db: db), db: db)
        }
    }

    /// Evidence read again (sidecars changed, or an earlier `EvidenceReading` read the file):
    /// recorded as an ingest records, with every rule it settles, but the thumbnails, which
    /// were not made again.
    func refreshMetadata(_ id: Int64, from draft: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws {
        var asset = draft
        asset.existingID = id
        try writing { db in _ = try Self.record(asset, run: run, livePhotoRules: livePhotoRules, keepingThumbnails: true, db: db) }
    }

    func markMissing(under root: String, notSeenIn run: Int64) throws -> [String] {
        let under = CatalogPaths.range(under: root)
        return try writing { db in
            let keys = try CatalogGrouping.groupKeysOfGroupedAssets(in: under, notSeenIn: run, db: db)
            let flagged = try db.rows("""
                UPDATE assets SET missing = 1, updated_at = ?
                WHERE missing = 0 AND seen_run <> ? AND path >= ? AND path < ?
                RETURNING path, burst_key
                """, CatalogClock.now(), run, under.lowerBound, under.upperBound) { ($0.text("path"), $0.optionalText("burst_key")) }
            return try Self.settleMissing(flagged: flagged, keys: keys, db: db) {
                try CatalogGrouping.forgetResourceFiles(in: under, notSeenIn: run, db: db)
            }
        }
    }

    /// What follows once assets are flagged missing, whichever way they were found: Live Photo
    /// pairs missing a file come apart, `forgetResources` forgets the resource files gone too
    /// (returning their group keys), every group touched (`keys`, theirs, the pairs') is
    /// formed again, and every burst of a flagged row chooses its representative again.
    /// `flagged` is each flagged row's path and burst key. Returns the flagged paths, sorted.
    static func settleMissing(flagged: [(path: String, burstKey: String?)], keys: Set<String>, db: Connection,
                              forgetResources: () throws -> Set<String>) throws -> [String] {
        var keys = keys
        for id in try CatalogPairing.releasePairsMissingAFile(db: db) {
            keys.formUnion(try CatalogGrouping.groupKeys(around: id, db: db))
        }
        keys.formUnion(try forgetResources())
        try CatalogGrouping.regroup(keys, db: db)
        try CatalogBursts.rechoose(Set(flagged.compactMap(\.burstKey)), db: db)
        return flagged.map(\.path).sorted()
    }
}
