/// Places (`PlaceStore`), the same on every backend.
extension CatalogDatabase {
    func positionsNeedingPlaces(version: String, after: Int64, limit: Int) throws -> [PositionToPlace] {
        try reading { db in
            try db.rows("""
                SELECT id, gps_latitude, gps_longitude, gps_altitude, taken_at FROM assets\(db.usingIndex("assets_place_pending"))
                WHERE gps_latitude IS NOT NULL AND id > ? AND (place_version IS NULL OR place_version <> ?) ORDER BY id LIMIT ?
                """, after, version, limit) { row in
                PositionToPlace(id: row.int64("id"),
                                location: GPSLocation(latitude: row.optionalDouble("gps_latitude") ?? 0,
                                                      longitude: row.optionalDouble("gps_longitude") ?? 0,
                                                      altitude: row.optionalDouble("gps_altitude")),
                                takenAt: row.optionalText("taken_at"))
            }
        }
    }

    func recordPlaces(_ placed: [PlacedPosition], version: String) throws {
        guard !placed.isEmpty else { return }
        try writing { db in
            for item in placed {
                let p = item.place
                try db.run("""
                    UPDATE assets SET place_city = ?, place_region = ?, place_country = ?, place_country_code = ?, place_zone = ?,
                    place_version = ?, taken_offset = ?, taken_offset_source = ?, moment_pending = 1 WHERE id = ?
                    """, p?.city, p?.region, p?.country, p?.countryCode, p?.timeZone, version, item.takenOffset,
                    item.takenOffset == nil ? nil : CaptureOffset.Source.position.rawValue, item.id)
            }
        }
    }

    /// Two statements: the counts per group and kind, and each group's newest asset (a window
    /// over the shown assets with a place).
    func placeGroups() throws -> [PlaceSummary] {
        try reading { db in
            typealias Key = PlaceGroupKey
            func key(_ row: any CatalogRow) -> Key {
                Key(country: row.text("place_country"), code: row.text("place_country_code"),
                    region: row.optionalText("place_region"), city: row.optionalText("place_city"))
            }
            let shown = "\(ShownAssets.condition("a")) AND a.place_country IS NOT NULL"
            var counts: [Key: KindCounts] = [:]
            try db.forEachRow("""
                SELECT a.place_country, a.place_country_code, a.place_region, a.place_city, a.kind, count(*) AS n FROM assets a
                WHERE \(shown) GROUP BY a.place_country, a.place_country_code, a.place_region, a.place_city, a.kind
                """, []) { row in
                if let kind = AssetKind(rawValue: row.text("kind")) { counts[key(row), default: KindCounts()][kind] += row.int("n") }
            }
            var covers: [Key: (Int64, String)] = [:]
            try db.forEachRow("""
                SELECT id, place_country, place_country_code, place_region, place_city, sort_taken FROM (
                    SELECT a.id, a.place_country, a.place_country_code, a.place_region, a.place_city, a.sort_taken,
                    row_number() OVER (PARTITION BY a.place_country, a.place_country_code, a.place_region, a.place_city
                                       ORDER BY a.sort_taken DESC, a.id DESC) AS newest
                    FROM assets a WHERE \(shown)) ranked WHERE newest = 1
                """, []) { row in covers[key(row)] = (row.int64("id"), row.text("sort_taken")) }
            return counts.map { key, counts in
                PlaceSummary(level: key.city != nil ? .city : key.region != nil ? .region : .country, country: key.country,
                             countryCode: key.code, region: key.region, city: key.city, counts: counts,
                             coverAssetID: covers[key]?.0, coverSortKey: covers[key]?.1)
            }
        }
    }
}

/// A group of `placeGroups`: the place columns of its rows.
struct PlaceGroupKey: Hashable {
    var country: String, code: String, region: String?, city: String?
}
