import Foundation
import Testing
@testable import ShoeboxPlaces

/// Opt-in (`SHOEBOX_BENCH_PLACES=1`, scripts/bench-places.sh runs it from a release build):
/// loading the places data, and 1,000,000 reverse geocodings, where photos are (each near a
/// place, up to 20 km off: the dense case) and anywhere on the globe (mostly sea).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHOEBOX_BENCH_PLACES"] != nil, "set SHOEBOX_BENCH_PLACES=1 (scripts/bench-places.sh)"))
struct PlacesBenchmark {
    static let lookups = 1_000_000

    @Test func loadingAndAMillionLookups() throws {
        let url = try PlaceDataLocator.locate()
        print("bench\tload places data\t" + (try BenchmarkTiming.summary(runs: 5) { _ = try PlaceData.load(from: url) }))
        let data = try PlaceData.load(from: url)
        print("bench\tmake the geocoder (grid)\t" + (try BenchmarkTiming.summary(runs: 5) { _ = ReverseGeocoder(data) }))
        let geocoder = ReverseGeocoder(data)
        var random = SystemRandomNumberGenerator()
        let nearPlaces = (0..<Self.lookups).map { _ -> (Double, Double) in
            let place = Int.random(in: 0..<data.count, using: &random)
            let (latitude, longitude) = (Double(data.latitudes[place]) / 1e4, Double(data.longitudes[place]) / 1e4)
            return (max(-90, min(90, latitude + Double.random(in: -0.18...0.18, using: &random))),
                    (longitude + Double.random(in: -0.18...0.18, using: &random) + 540).truncatingRemainder(dividingBy: 360) - 180)
        }
        let anywhere = (0..<Self.lookups).map { _ in
            (asin(Double.random(in: -1...1, using: &random)) * 180 / .pi, Double.random(in: -180...180, using: &random))
        }
        for (name, positions) in [("near places", nearPlaces), ("anywhere", anywhere)] {
            var named = 0
            let timing = try BenchmarkTiming.summary(runs: 3) {
                named = positions.reduce(0) { $0 + (geocoder.place(latitude: $1.0, longitude: $1.1)?.city != nil ? 1 : 0) }
            }
            print("bench\t\(Self.lookups) lookups \(name) (\(named) named a city)\t\(timing)")
        }
    }
}
