/// One place of the places collection, exactly: a country (by its code), one of its regions,
/// or a city (of a region, or named directly after its country). What a place's gallery page
/// fetches, where a name alone (`AssetFetchOptions.place`) would match its namesakes too
/// (Paris, France and Paris, Texas; the city and the region of Lisbon).
public struct PlaceScope: Equatable, Hashable, Sendable {
    public var level: PlaceSummary.Level
    public var countryCode: String
    /// For a region and a city: its region, nil for a city named directly after its country.
    public var region: String?
    /// For a city only.
    public var city: String?

    public init(_ place: PlaceSummary) {
        (level, countryCode) = (place.level, place.countryCode)
        region = place.level == .country ? nil : place.region
        city = place.level == .city ? place.city : nil
    }
}
