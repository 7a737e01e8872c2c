import Foundation
import Testing
@testable import Shoebox

/// A generated year of trips (`GeneratedTrips`: 2,978 assets in Paris, Lisbon and Sintra,
/// London, New York, Tokyo and at home) on every backend: every smart album, moment and
/// place it must give, written out.
@Suite struct GeneratedLibraryContractTests {
    @Test(arguments: CatalogBackend.all) func everySmartAlbumMomentAndPlaceIsRight(backend: CatalogBackend) throws {
        let made = try backend.make()
        try GeneratedTrips.record(into: made.catalog)
        let catalog = made.catalog

        let smart = try catalog.smartAlbums(includingCovers: false).map { "\($0.album.title): \($0.counts)" }
        #expect(smart == [
            "All Photos: photo 2875, video 103", "Favorites: photo 36", "Videos: video 103", "Live Photos: empty",
            "Selfies: photo 7", "Portrait: empty", "Animated: empty", "RAW: empty", "Panoramas: photo 3", "Screenshots: photo 5",
            "Screen Recordings: video 2", "Slo-mo: empty", "Time-lapse: empty", "Bursts: empty",
            "Recently Added: photo 2875, video 103", "Hidden: empty",
        ])

        let places = PlaceListing.tree(try catalog.placeGroups()).map { "\($0.count) \($0.level.rawValue) \($0.title)" }
        #expect(places == [
            "1000 country Portugal", "1000 region Lisbon, Portugal", "800 city Lisbon, Lisbon, Portugal",
            "200 city Sintra, Lisbon, Portugal",
            "960 country France", "960 region Île-de-France, France", "960 city Paris, Île-de-France, France",
            "900 country Japan", "900 region Tokyo, Japan", "900 city Tokyo, Tokyo, Japan",
            "100 country United States", "100 region New York, United States", "100 city New York City, New York, United States",
            "10 country United Kingdom", "10 region England, United Kingdom", "10 city London, England, United Kingdom",
        ])

        let moments = try catalog.moments(startingIn: nil)
        #expect(moments.count == 36)
        #expect(moments.sorted { $0.id < $1.id } == MomentClustering.moments(try catalog.momentCandidates()).sorted { $0.id < $1.id },
                "the kept moments are a cut of the whole library")
        let trips = moments.prefix(12).map { "\($0.start) \($0.count) \($0.title)" }
        #expect(trips == [
            "2024-12-01T20:00:00 7 Sunday 1 December 2024",
            "2024-11-03T07:00:00 300 Tokyo, Japan",
            "2024-11-02T07:00:00 300 Tokyo, Japan",
            "2024-11-02T00:30:00+09:00 1 Saturday 2 November 2024",
            "2024-11-01T07:00:00 300 Tokyo, Japan",
            "2024-09-13T14:00:00 100 New York City, United States",
            "2024-09-13T09:00:00 10 London, United Kingdom",
            "2024-07-05T08:00:00 200 Lisbon, Portugal",
            "2024-07-04T08:00:00 200 Lisbon, Portugal",
            "2024-07-03T08:00:00 200 Sintra, Portugal",
            "2024-07-02T08:00:00 200 Lisbon, Portugal",
            "2024-07-01T08:00:00 200 Lisbon, Portugal",
        ])
        let saturdays = moments.dropFirst(12)
        #expect(saturdays.allSatisfy { $0.count == 40 && $0.title == "Paris, France" && $0.end.hasSuffix("T14:33:00") })
        #expect(saturdays.first?.start == "2024-06-15T10:00:00" && saturdays.last?.start == "2024-01-06T10:00:00")
        #expect(moments[1].counts == KindCounts([.photo: 300]) && moments[0].counts == KindCounts([.photo: 5, .video: 2]))

        let offsets = try catalog.moments(startingIn: "2024-09").map { try catalog.asset(id: $0.coverAssetID)?.takenOffset }
        #expect(offsets == [-4 * 3600, 3600], "New York's zone in September, then London's")
        let paris = try catalog.moments(startingIn: "2024-03").map { try catalog.asset(id: $0.coverAssetID)?.takenOffset }
        #expect(paris == [3600, 3600, 3600, 3600, 3600], "March's five Saturdays, before summer time on the 31st")
        #expect(try catalog.moments(startingIn: "2024-04").map { try catalog.asset(id: $0.coverAssetID)?.takenOffset }
                == [7200, 7200, 7200, 7200])
    }
}
