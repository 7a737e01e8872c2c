import Foundation
import ShoeboxModel

/// Offline reverse geocoding: the nearest populated place of `PlaceData` to a position.
///
/// What a caller may rely on:
/// - Within `cityRadius` of places: the one a person would name, its region, country and
///   zone. GeoNames lists a city's quarters beside the city (Paris 16 Passy, Times Square), so
///   the nearest is not always it: among the places within `pickRadius` or twice the nearest
///   one's distance, each scores its population over the square of (its distance + 1 km), and
///   the highest wins (the Eiffel Tower is in Paris, not Passy; Amadora's centre is Amadora,
///   not Lisbon 10 km away; a village 20 km from a city is the village).
/// - Farther, but within `countryRadius` of places that all lie in one country (every place
///   within `cityRadius` beyond the nearest): that country and the nearest place's zone, no city.
/// - Otherwise (the open sea, an ice cap, between countries far from both): nil.
/// Distances are great-circle distances on a sphere of the Earth's mean radius; longitudes
/// wrap at the antimeridian and the poles are searched all the way round. Immutable once made,
/// so one geocoder serves every thread.
public final class ReverseGeocoder: Sendable {
    public static let cityRadius = 25.0
    public static let countryRadius = 100.0
    public static let pickRadius = 7.0
    static let earthRadius = 6371.0088

    private let data: PlaceData
    private let grid: PlaceGrid

    public init(_ data: PlaceData) {
        self.data = data
        grid = PlaceGrid(latitudes: data.latitudes, longitudes: data.longitudes)
    }

    /// The geocoder over the installed places data (`PlaceDataLocator`).
    public static func installed() throws -> ReverseGeocoder {
        ReverseGeocoder(try PlaceData.loadInstalled())
    }

    public func place(at location: GPSLocation) -> Place? {
        place(latitude: location.latitude, longitude: location.longitude)
    }

    public func place(latitude: Double, longitude: Double) -> Place? {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        let city = grid.within(latitude: latitude, longitude: longitude, radius: Self.cityRadius)
        let reach = max(Self.pickRadius, 2 * (city.map(\.distance).min() ?? 0))
        if let named = city.filter({ $0.distance <= reach }).max(by: { score($0) < score($1) }) {
            return data.place(named.index, naming: true)
        }
        let near = grid.within(latitude: latitude, longitude: longitude, radius: Self.countryRadius)
        guard let nearest = near.min(by: { $0.distance < $1.distance }) else { return nil }
        let close = near.filter { $0.distance <= nearest.distance + Self.cityRadius }
        guard close.allSatisfy({ data.sameCountry($0.index, nearest.index) }) else { return nil }
        return data.place(nearest.index, naming: false)
    }

    /// Population (at least the data's floor of 1,000) over (distance + 1 km) squared.
    private func score(_ candidate: (index: Int, distance: Double)) -> Double {
        Double(max(1000, data.populations[candidate.index])) / ((candidate.distance + 1) * (candidate.distance + 1))
    }
}
