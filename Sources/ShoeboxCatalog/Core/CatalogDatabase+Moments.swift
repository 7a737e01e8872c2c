/// Moments' input (`MomentReading`), the same on every backend.
extension CatalogDatabase {
    func momentCandidates() throws -> [MomentCandidate] {
        try reading { db in
            try db.rows("""
                SELECT a.id, a.kind, a.sort_taken, a.taken_offset, a.gps_latitude, a.gps_longitude, a.place_city, a.place_region,
                a.place_country, a.place_country_code, a.place_zone FROM assets a WHERE \(ShownAssets.condition("a"))
                """) { row in
                let location = row.optionalDouble("gps_latitude").flatMap { latitude in
                    row.optionalDouble("gps_longitude").map { GPSLocation(latitude: latitude, longitude: $0) }
                }
                let place = row.optionalText("place_country").map {
                    Place(city: row.optionalText("place_city"), region: row.optionalText("place_region"), country: $0,
                          countryCode: row.text("place_country_code"), timeZone: row.optionalText("place_zone"))
                }
                return MomentCandidate(id: row.int64("id"), kind: AssetKind(rawValue: row.text("kind")) ?? .photo,
                                       takenAt: row.text("sort_taken"), offset: row.optionalInt("taken_offset"),
                                       location: location, place: place)
            }
        }
    }
}
