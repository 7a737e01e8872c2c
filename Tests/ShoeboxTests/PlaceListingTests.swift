import Testing
@testable import ShoeboxModel

/// The places collection as a tree (`PlaceListing.tree`), from the catalog's groups.
@Suite struct PlaceListingTests {
    func group(_ country: String, _ code: String, _ region: String?, _ city: String?, photos: Int, cover: Int64, key: String) -> PlaceSummary {
        PlaceSummary(level: city != nil ? .city : region != nil ? .region : .country, country: country, countryCode: code,
                     region: region, city: city, counts: KindCounts([.photo: photos]), coverAssetID: cover, coverSortKey: key)
    }

    @Test func countriesHoldTheirRegionsWhichHoldTheirCitiesLargestFirst() {
        let groups = [
            group("Portugal", "PT", "Lisbon", "Sintra", photos: 2, cover: 5, key: "2024-07-02"),
            group("Portugal", "PT", "Lisbon", "Lisbon", photos: 3, cover: 7, key: "2024-07-01"),
            group("Portugal", "PT", "Faro", "Lagos", photos: 1, cover: 9, key: "2024-07-09"),
            group("Portugal", "PT", nil, nil, photos: 4, cover: 2, key: "2024-06-30"),   // at sea off the coast
            group("Singapore", "SG", nil, "Singapore", photos: 6, cover: 11, key: "2023-01-01"),
        ]
        let listed = PlaceListing.tree(groups).map { "\($0.count) \($0.level.rawValue) \($0.title) \($0.coverAssetID ?? 0)" }
        #expect(listed == [
            "10 country Portugal 9",
            "5 region Lisbon, Portugal 5",
            "3 city Lisbon, Lisbon, Portugal 7",
            "2 city Sintra, Lisbon, Portugal 5",
            "1 region Faro, Portugal 9",
            "1 city Lagos, Faro, Portugal 9",
            "6 country Singapore 11",
            "6 city Singapore, Singapore 11",
        ])
    }
}
