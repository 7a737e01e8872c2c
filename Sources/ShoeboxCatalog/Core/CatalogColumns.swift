/// Column lists the core's statements share.
enum CatalogColumns {
    /// The columns a sidecar may change (`refreshMetadata` writes these alone), in the order
    /// of `sidecarValues`; then those derived from the position and capture time (`placed`),
    /// emptied whenever these are written, so that the places indexer derives them again; then
    /// the flag that has the asset's moment cut again (`CatalogMoments`).
    static let sidecar = ["taken_at", "taken_at_source", "gps_latitude", "gps_longitude", "gps_altitude",
                          "location_source", "rating", "title", "description", "keywords", "sidecar_stamp"]
        + placed + ["moment_pending"]

    /// What `CatalogDatabase.recordPlaces` derives from the position and the capture time.
    static let placed = ["place_city", "place_region", "place_country", "place_country_code", "place_zone",
                         "place_version", "taken_offset", "taken_offset_source"]

    static func sidecarValues(_ asset: AssetDraft) -> [Any?] {
        let m = asset.metadata
        return [m.takenAt, m.takenAtSource?.rawValue, m.location?.latitude, m.location?.longitude, m.location?.altitude,
                m.locationSource?.rawValue, m.rating, m.title, m.description, keywordsText(m.keywords), asset.sidecarStamp]
            + Array(repeating: nil, count: placed.count) + [1]
    }

    /// Subtypes as the `subtypes` column holds them: raw values, sorted, comma-separated
    /// (`live` is the kind's, never stored).
    static func subtypesText(_ subtypes: Set<AssetSubtype>) -> String {
        subtypes.subtracting([.live]).sorted().map(\.rawValue).joined(separator: ",")
    }

    /// The `subtypes` column read back; an unknown value is left out.
    static func subtypes(_ text: String) -> Set<AssetSubtype> {
        Set(text.split(separator: ",").compactMap { AssetSubtype(rawValue: String($0)) })
    }

    /// Keywords as a JSON array of strings; nil for none.
    static func keywordsText(_ keywords: [String]) -> String? {
        guard !keywords.isEmpty else { return nil }
        return JSONValue.array(keywords.map { .string($0) }).text
    }
}
