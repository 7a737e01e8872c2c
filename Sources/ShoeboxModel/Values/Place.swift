/// Where a position is, in words: the nearest populated place, its region and its country,
/// as the offline reverse geocoder (`ReverseGeocoder`) finds them from GeoNames data.
///
/// A position far from every place (at sea, on an ice cap) gets its country alone, or no
/// `Place` at all, never a city that is not near.
public struct Place: Hashable, Sendable, Codable {
    /// The nearest populated place; nil when none is near enough to name.
    public var city: String?
    /// Its first-level administrative region (a state, a province), when GeoNames names it.
    public var region: String?
    public var country: String
    /// ISO 3166-1 alpha-2 (`PT`).
    public var countryCode: String
    /// The IANA time zone of the place (`Europe/Lisbon`), for a capture time without an offset.
    public var timeZone: String?

    public init(city: String?, region: String?, country: String, countryCode: String, timeZone: String?) {
        (self.city, self.region, self.country, self.countryCode, self.timeZone) = (city, region, country, countryCode, timeZone)
    }

    /// "Lisbon, Portugal"; "Portugal" without a city.
    public var title: String {
        city.map { "\($0), \(country)" } ?? country
    }
}
