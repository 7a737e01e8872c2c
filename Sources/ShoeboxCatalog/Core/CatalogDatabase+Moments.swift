/// Moments' input (`MomentReading`), the same on every backend.
extension CatalogDatabase {
    func momentCandidates() throws -> [MomentCandidate] {
        try reading { db in
            try db.rows("""
                SELECT a.id, a.kind, a.sort_taken, a.taken_offset, a.gps_latitude, a.gps_longitude, a.gps_altitude, a.place_city, a.place_region,
                a.place_country, a.place_country_code, a.place_zone FROM assets a WHERE \(ShownAssets.condition("a"))
                """) { row in
                MomentCandidate(id: row.int64("id"), kind: AssetKind(rawValue: row.text("kind")) ?? .photo,
                                takenAt: row.text("sort_taken"), offset: row.optionalInt("taken_offset"),
                                location: CatalogRecords.location(from: row), place: CatalogRecords.place(from: row))
            }
        }
    }
}
