import Foundation
import Testing
@testable import ShoeboxModel
@testable import ShoeboxPlaces

/// Offline reverse geocoding (`ReverseGeocoder`) over the committed GeoNames data: known
/// positions on every continent, the antimeridian, the poles, null island and the open sea.
@Suite struct ReverseGeocoderTests {
    static let geocoder: ReverseGeocoder? = try? ReverseGeocoder.installed()

    func place(_ latitude: Double, _ longitude: Double) throws -> Place? {
        try #require(Self.geocoder, "the places data loads").place(latitude: latitude, longitude: longitude)
    }

    @Test(arguments: [
        // (latitude, longitude, city, region, country code, zone)
        (38.7223, -9.1393, "Lisbon", "Lisbon", "PT", "Europe/Lisbon"),           // Europe: the Baixa
        (38.7979, -9.3880, "Sintra", "Lisbon", "PT", "Europe/Lisbon"),
        (48.8584, 2.2945, "Paris", "Île-de-France", "FR", "Europe/Paris"),        // the Eiffel Tower, not "Paris 16 Passy"
        (35.6586, 139.7454, "Tokyo", "Tokyo", "JP", "Asia/Tokyo"),               // Asia: Tokyo Tower
        (-33.8568, 151.2153, "Sydney", "New South Wales", "AU", "Australia/Sydney"), // Oceania: the Opera House
        (-1.2864, 36.8172, "Nairobi", "Nairobi County", "KE", "Africa/Nairobi"), // Africa
        (40.7580, -73.9855, "New York City", "New York", "US", "America/New_York"), // North America: not "Times Square"
        (-22.9519, -43.2105, "Rio de Janeiro", "Rio de Janeiro", "BR", "America/Sao_Paulo"), // South America: the Christ
        (78.2232, 15.6267, "Longyearbyen", "Svalbard", "SJ", "Arctic/Longyearbyen"), // the far north
        (66.3300, -179.2000, "Egvekinot", "Chukotka", "RU", "Asia/Anadyr"),     // beside the antimeridian
        (-18.1416, 178.4419, "Suva", "Central", "FJ", "Pacific/Fiji"),
    ] as [(Double, Double, String, String?, String, String)])
    func aPositionNearAPlaceGetsThatPlace(latitude: Double, longitude: Double, city: String, region: String?, country: String, zone: String) throws {
        let found = try #require(try place(latitude, longitude))
        #expect(found.city == city)
        #expect(found.region == region)
        #expect(found.countryCode == country)
        #expect(found.timeZone == zone)
    }

    @Test(arguments: [
        (0.0, 0.0),          // null island: the Gulf of Guinea
        (90.0, 0.0),         // the North Pole
        (-90.0, 0.0),        // the South Pole: its station is no populated place of GeoNames'
        (-77.8419, 166.6863), // McMurdo Station, Antarctica: none either
        (30.0, -40.0),       // the middle of the Atlantic
        (-40.0, -120.0),     // the South Pacific
        (0.0, 180.0),        // the antimeridian at the equator
    ] as [(Double, Double)])
    func aPositionFarFromEveryPlaceGetsNothing(latitude: Double, longitude: Double) throws {
        #expect(try place(latitude, longitude) == nil)
    }

    /// Across the antimeridian: the only places near are on its other side.
    @Test func theSearchWrapsAtTheAntimeridian() throws {
        let across = try #require(try place(66.3232, 179.8))   // 48 km west of Egvekinot (179.12° W)
        #expect(across.city == nil, "farther than a city's radius")
        #expect(across.country == "Russia" && across.timeZone == "Asia/Anadyr")
    }

    /// Off a coast, farther than a city's radius from any place: the country alone.
    @Test func offACoastAPositionGetsItsCountryOnly() throws {
        let offshore = try #require(try place(38.70, -9.85))   // the Atlantic, 40 km west of Cascais
        #expect(offshore.city == nil && offshore.region == nil)
        #expect(offshore.title == "Portugal" && offshore.timeZone == "Europe/Lisbon")
    }

    @Test(arguments: [(91.0, 0.0), (0.0, 181.0), (Double.nan, 0.0), (0.0, Double.infinity)] as [(Double, Double)])
    func aPositionOffTheGlobeGetsNothing(latitude: Double, longitude: Double) throws {
        #expect(try place(latitude, longitude) == nil)
    }
}
