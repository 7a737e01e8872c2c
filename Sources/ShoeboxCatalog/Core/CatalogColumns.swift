/// Column lists the core's statements share.
enum CatalogColumns {
    /// The columns a sidecar may change (`refreshMetadata` writes these alone), in the order
    /// of `sidecarValues`.
    static let sidecar = ["taken_at", "taken_at_source", "gps_latitude", "gps_longitude", "gps_altitude",
                          "location_source", "rating", "title", "description", "keywords", "sidecar_stamp"]

    static func sidecarValues(_ asset: AssetDraft) -> [Any?] {
        let m = asset.metadata
        return [m.takenAt, m.takenAtSource?.rawValue, m.location?.latitude, m.location?.longitude, m.location?.altitude,
                m.locationSource?.rawValue, m.rating, m.title, m.description, keywordsText(m.keywords), asset.sidecarStamp]
    }

    /// Keywords as a JSON array of strings; nil for none.
    static func keywordsText(_ keywords: [String]) -> String? {
        guard !keywords.isEmpty else { return nil }
        return JSONValue.array(keywords.map { .string($0) }).text
    }
}
