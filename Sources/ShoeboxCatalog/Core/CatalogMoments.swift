/// How the catalog keeps its moments (`MomentStore`), once for both backends: what changed is
/// found by one partial index (`pending`), the kept moments within reach of it are read
/// (`MomentSpans`), and those stretches alone are cut again by `MomentClustering`, in Swift.
///
/// The moments table holds each moment as `MomentClustering.moment` made it; each shown asset
/// holds its instant and its moment's id (0: a time that does not parse, in no moment). A
/// writer that deletes an asset row marks its moment stale first (`markStale`).
enum CatalogMoments {
    /// An asset whose moment must be cut again: flagged (new, re-recorded, placed again),
    /// shown without a moment, or in one though no longer shown. Written exactly as the
    /// partial index `assets_moment_pending` of migration 12 writes it, so that both servers
    /// read that index alone.
    static let pending = "moment_pending = 1 OR (moment_id IS NULL) = (status = 'ok' AND missing = 0 AND hidden = 0)"

    /// Rows a statement writes at once: well inside either server's limit on bound values.
    static let batch = 500

    static let candidateColumns = """
        id, kind, sort_taken, taken_offset, gps_latitude, gps_longitude, gps_altitude, place_city, place_region,
        place_country, place_country_code, place_zone, moment_id
        """

    static let momentColumns = """
        id, start_taken, end_taken, start_instant, end_instant, photos, videos, live_photos, gifs, cover_asset_id, title
        """

    /// The column counting `kind` in the moments table.
    static func countColumn(_ kind: AssetKind) -> String {
        switch kind {
        case .photo: return "photos"
        case .video: return "videos"
        case .livePhoto: return "live_photos"
        case .gif: return "gifs"
        }
    }

    /// Cuts again what changed, in the caller's write transaction; returns how many assets it cut.
    static func update(db: some CatalogSQL) throws -> Int {
        try db.holdTransactionLock(named: "moments")
        let changed = try changedAssets(db)
        let stale = try db.rows("SELECT id FROM moments\(db.usingIndex("moments_stale")) WHERE stale = 1") { $0.int64("id") }
        guard !changed.isEmpty || !stale.isEmpty else { return 0 }
        let fresh = changed.filter(\.shown).map(\.candidate)
        var loaded: [Int64: Moment] = [:]
        for moment in try moments(ids: changed.compactMap(\.candidate.moment).filter { $0 > 0 } + stale, db) {
            loaded[moment.id] = moment
        }
        var spans = MomentSpans(fresh.compactMap(\.instant).map { $0...$0 } + loaded.values.map(span))
        while true {
            var found: [Int64: Moment] = [:]
            for reach in spans.reach {
                for moment in try moments(overlapping: reach, db) where loaded[moment.id] == nil { found[moment.id] = moment }
            }
            guard !found.isEmpty else { break }
            loaded.merge(found) { old, _ in old }
            spans = spans.adding(found.values.map(span))
        }
        let changedIDs = Set(changed.map(\.candidate.id))
        var candidates = fresh
        for span in spans.spans { candidates += try settled(in: span, db).filter { !changedIDs.contains($0.id) } }
        let groups = MomentClustering.groups(candidates)
        let cut = groups.map { MomentClustering.moment($0.map { candidates[$0] }) }
        try replace(Array(loaded.keys), with: cut, db)
        try assign(assignments(candidates, groups: groups, cut: cut, changed: changed, changedIDs: changedIDs), db)
        return candidates.count
    }

    /// An asset `pending` found, and whether it is shown.
    struct Change {
        var candidate: MomentCandidate
        var shown: Bool
    }

    private static func changedAssets(_ db: some CatalogSQL) throws -> [Change] {
        try db.rows("""
            SELECT \(candidateColumns), CASE WHEN \(ShownAssets.condition) THEN 1 ELSE 0 END AS shown
            FROM assets\(db.usingIndex("assets_moment_pending")) WHERE \(pending)\(db.lockingSelectedRows)
            """) { row in
            Change(candidate: candidate(row, instant: nil), shown: row.flag("shown"))
        }
    }

    /// The shown assets kept in a moment whose instants are in `span`.
    private static func settled(in span: ClosedRange<Double>, _ db: some CatalogSQL) throws -> [MomentCandidate] {
        try db.rows("""
            SELECT \(candidateColumns), taken_instant FROM assets\(db.usingIndex("assets_taken_instant"))
            WHERE taken_instant >= ? AND taken_instant <= ? AND moment_id IS NOT NULL AND \(ShownAssets.condition)
            """, span.lowerBound, span.upperBound) { candidate($0, instant: $0.optionalDouble("taken_instant")) }
    }

    /// A candidate from a row of `candidateColumns`: with the instant the row keeps, or (nil)
    /// one worked out from its time and offset now.
    static func candidate(_ row: any CatalogRow, instant kept: Double?) -> MomentCandidate {
        let id = row.int64("id"), kind = AssetKind(rawValue: row.text("kind")) ?? .photo, takenAt = row.text("sort_taken")
        let offset = row.optionalInt("taken_offset"), moment = row.optionalInt64("moment_id")
        let (location, place) = (CatalogRecords.location(from: row), CatalogRecords.place(from: row))
        guard let kept else {
            return MomentCandidate(id: id, kind: kind, takenAt: takenAt, offset: offset, location: location, place: place, moment: moment)
        }
        return MomentCandidate(id: id, kind: kind, takenAt: takenAt, offset: offset, location: location, place: place,
                               instant: kept, moment: moment)
    }

    static func span(_ moment: Moment) -> ClosedRange<Double> { moment.startInstant...moment.endInstant }

    static func moments(ids: [Int64], _ db: some CatalogSQL) throws -> [Moment] {
        guard !ids.isEmpty else { return [] }
        return try db.rows("SELECT \(momentColumns) FROM moments WHERE \(db.isAmongIDs("id"))", db.idList(ids), as: moment)
    }

    private static func moments(overlapping reach: ClosedRange<Double>, _ db: some CatalogSQL) throws -> [Moment] {
        try db.rows("SELECT \(momentColumns) FROM moments WHERE end_instant >= ? AND start_instant <= ?",
                    reach.lowerBound, reach.upperBound, as: moment)
    }

    static func moment(_ row: any CatalogRow) -> Moment {
        var counts = KindCounts()
        for kind in AssetKind.allCases { counts[kind] = row.int(countColumn(kind)) }
        return Moment(id: row.int64("id"), start: row.text("start_taken"), end: row.text("end_taken"),
                      startInstant: row.optionalDouble("start_instant") ?? 0, endInstant: row.optionalDouble("end_instant") ?? 0,
                      counts: counts, coverAssetID: row.int64("cover_asset_id"), title: row.text("title"))
    }

    /// The moments `old` (read from the table) give way to `new`.
    private static func replace(_ old: [Int64], with new: [Moment], _ db: some CatalogSQL) throws {
        if !old.isEmpty { try db.run("DELETE FROM moments WHERE \(db.isAmongIDs("id"))", db.idList(old)) }
        for start in stride(from: 0, to: new.count, by: batch) {
            let part = new[start..<min(start + batch, new.count)]
            let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: part.count).joined(separator: ", ")
            let values: [Any?] = part.flatMap { m -> [Any?] in
                [m.id, m.start, m.end, m.startInstant, m.endInstant] + AssetKind.allCases.map { m.counts[$0] } + [m.coverAssetID, m.title]
            }
            try db.forEachRow("INSERT INTO moments (\(momentColumns)) VALUES \(rows)", values) { _ in }
        }
    }

    /// What each asset now keeps: (id, instant, moment), for every changed asset and every
    /// other whose moment changed.
    private static func assignments(_ candidates: [MomentCandidate], groups: [[Int]], cut: [Moment], changed: [Change],
                                    changedIDs: Set<Int64>) -> [(Int64, Double?, Int64?)] {
        var result: [(Int64, Double?, Int64?)] = []
        var placed = Set<Int64>()
        for (group, moment) in zip(groups, cut) {
            for member in group.map({ candidates[$0] }) where changedIDs.contains(member.id) || member.moment != moment.id {
                result.append((member.id, member.instant, moment.id))
                placed.insert(member.id)
            }
        }
        for change in changed where !placed.contains(change.candidate.id) {
            result.append((change.candidate.id, nil, change.shown ? 0 : nil))   // no instant: in no moment; not shown: none
        }
        return result
    }

    /// Writes `assignments` and clears their flags: one statement a batch.
    private static func assign(_ assignments: [(Int64, Double?, Int64?)], _ db: some CatalogSQL) throws {
        for start in stride(from: 0, to: assignments.count, by: batch) {
            let part = assignments[start..<min(start + batch, assignments.count)]
            let rows = Array(repeating: "(CAST(? AS BIGINT), CAST(? AS DOUBLE PRECISION), CAST(? AS BIGINT))", count: part.count)
            try db.forEachRow("""
                UPDATE assets SET taken_instant = v.column2, moment_id = v.column3, moment_pending = 0
                FROM (VALUES \(rows.joined(separator: ", "))) AS v WHERE assets.id = v.column1
                """, part.flatMap { [$0.0, $0.1, $0.2] as [Any?] }) { _ in }
        }
    }

    /// Marks stale the moments of the assets `condition` selects, before a writer deletes
    /// their rows: the next update cuts them again without those assets.
    static func markStale(ofAssetsWhere condition: String, _ values: Any?..., db: some CatalogSQL) throws {
        try db.forEachRow("UPDATE moments SET stale = 1 WHERE id IN (SELECT moment_id FROM assets WHERE \(condition))", values) { _ in }
    }
}
