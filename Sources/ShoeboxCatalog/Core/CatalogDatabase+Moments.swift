/// Moments (`MomentStore`), the same on every backend (`CatalogMoments` keeps them).
extension CatalogDatabase {
    func updateMoments() throws -> Int {
        try writing { db in try CatalogMoments.update(db: db) }
    }

    func moments(startingIn period: String?) throws -> [Moment] {
        try reading { db in
            let order = "ORDER BY start_instant DESC, end_instant DESC, id DESC"
            guard let period, let last = period.unicodeScalars.last, let next = Unicode.Scalar(last.value + 1) else {
                return try db.rows("SELECT \(CatalogMoments.momentColumns) FROM moments \(order)", as: CatalogMoments.moment)
            }
            let upper = String(period.unicodeScalars.dropLast()) + String(next)   // "2024" -> "2025": every text with the prefix sorts below
            return try db.rows("""
                SELECT \(CatalogMoments.momentColumns) FROM moments WHERE start_taken >= ? AND start_taken < ? \(order)
                """, period, upper, as: CatalogMoments.moment)
        }
    }

    func moment(id: Int64) throws -> Moment? {
        try reading { db in try CatalogMoments.moments(ids: [id], db).first }
    }

    func momentCandidates() throws -> [MomentCandidate] {
        try reading { db in
            try db.rows("SELECT \(CatalogMoments.candidateColumns) FROM assets WHERE \(ShownAssets.condition)") {
                CatalogMoments.candidate($0, instant: nil)
            }
        }
    }
}
