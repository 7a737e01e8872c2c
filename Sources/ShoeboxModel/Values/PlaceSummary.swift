/// One place of the places collection (`shoebox places`): a country, a region of it, or a
/// city, with the shown assets there per kind and a cover (the newest of them).
public struct PlaceSummary: Equatable, Sendable {
    public enum Level: String, Sendable, Codable { case country, region, city }

    public var level: Level
    public var country: String
    public var countryCode: String
    /// nil for a country; for a city whose region GeoNames does not name.
    public var region: String?
    /// nil for a country or a region; and for positions near no city (their country's alone).
    public var city: String?
    public var counts: KindCounts
    public var coverAssetID: Int64?
    /// The cover's capture-date sort key (`sort_taken`), so that the newest of several groups'
    /// covers can be chosen without reading them again.
    public var coverSortKey: String?

    public init(level: Level, country: String, countryCode: String, region: String?, city: String?, counts: KindCounts,
                coverAssetID: Int64?, coverSortKey: String?) {
        (self.level, self.country, self.countryCode, self.region, self.city) = (level, country, countryCode, region, city)
        (self.counts, self.coverAssetID, self.coverSortKey) = (counts, coverAssetID, coverSortKey)
    }

    public var count: Int { counts.total }

    /// The name a place goes by in a listing and in `list --place`: its own.
    public var name: String {
        switch level {
        case .country: return country
        case .region: return region ?? country
        case .city: return city ?? region ?? country
        }
    }

    /// "Sintra, Lisbon, Portugal": the place and what holds it.
    public var title: String {
        switch level {
        case .country: return country
        case .region: return [region, country].compactMap { $0 }.joined(separator: ", ")
        case .city: return [city, region, country].compactMap { $0 }.joined(separator: ", ")
        }
    }
}
