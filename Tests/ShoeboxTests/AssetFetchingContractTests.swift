import Foundation
import Testing
@testable import Shoebox

/// The promises of `AssetFetching` (see its doc comment), on the catalog of `AlbumFixtures`.
@Suite struct AssetFetchingContractTests {
    func ids(_ options: AssetFetchOptions, pageSize: Int = 500) throws -> [(String, [Int64])] {
        try AlbumFixtures.backends().map { name, catalog, _ in (name, try AlbumFixtures.ids(catalog, options, pageSize: pageSize)) }
    }

    @Test func sortsByCaptureDateWithUndatedAssetsAtTheirDateAdded() throws {
        for (name, result) in try ids(AssetFetchOptions(sort: AssetSort(.taken))) {
            #expect(result == [3, 2, 1, 5, 4], "\(name)")
        }
        for (name, result) in try ids(AssetFetchOptions(sort: AssetSort(.taken, ascending: false))) {
            #expect(result == [4, 5, 1, 2, 3], "\(name)")
        }
    }

    @Test func theDefaultOrderIsCaptureDateAscending() throws {
        for (name, result) in try ids(AssetFetchOptions()) { #expect(result == [3, 2, 1, 5, 4], "\(name)") }
    }

    @Test func sortsByDateAdded() throws {
        for (name, result) in try ids(AssetFetchOptions(sort: AssetSort(.added))) { #expect(result == [1, 2, 3, 4, 5], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(sort: AssetSort(.added, ascending: false))) {
            #expect(result == [5, 4, 3, 2, 1], "\(name)")
        }
    }

    @Test func sortsByFileNameWithoutCase() throws {
        for (name, result) in try ids(AssetFetchOptions(sort: AssetSort(.name))) { #expect(result == [2, 1, 3, 4, 5], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(sort: AssetSort(.name, ascending: false))) {
            #expect(result == [5, 4, 3, 1, 2], "\(name)")
        }
    }

    @Test func failedAndMissingAssetsAreNeverFetched() throws {
        for (name, result) in try ids(AssetFetchOptions(sort: AssetSort(.added))) {
            #expect(!result.contains(6) && !result.contains(7), "\(name)")
        }
    }

    @Test func filtersByOneKindOrSeveral() throws {
        for (name, result) in try ids(AssetFetchOptions(kinds: [.photo])) { #expect(result == [2, 1, 4], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(kinds: [.gif, .video])) { #expect(result == [3, 5], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(kinds: [.livePhoto])) { #expect(result == [], "\(name)") }
    }

    @Test func filtersByCaptureDateRangeWithInclusiveDays() throws {
        for (name, result) in try ids(AssetFetchOptions(takenSince: "2024-05-01", takenUntil: "2024-05-02")) {
            #expect(result == [2, 1], "\(name)")
        }
        for (name, result) in try ids(AssetFetchOptions(takenUntil: "2024-05-01")) { #expect(result == [3, 2], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(takenSince: "2024-05-01T09:30")) { #expect(result == [1, 5, 4], "\(name)") }
    }

    @Test func filtersByHavingALocation() throws {
        for (name, result) in try ids(AssetFetchOptions(hasLocation: true)) { #expect(result == [1], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(hasLocation: false)) { #expect(result == [3, 2, 5, 4], "\(name)") }
    }

    @Test func limitAndOffsetWindowTheOrder() throws {
        for (name, result) in try ids(AssetFetchOptions(limit: 2, offset: 1)) { #expect(result == [2, 1], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(limit: 3, offset: 1), pageSize: 2) { #expect(result == [2, 1, 5], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(offset: 4)) { #expect(result == [4], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(limit: 0)) { #expect(result == [], "\(name)") }
    }

    @Test func pagesFollowEachOtherWithoutGapOrRepeat() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            var pages = catalog.fetchAssets(AssetFetchOptions(), pageSize: 2).pages()
            var seen: [[Int64]] = []
            while let page = try pages.next() { seen.append(page.map(\.id)) }
            #expect(seen == [[3, 2], [1, 5], [4]], "\(name)")
        }
    }

    @Test func aPageHoldsAtMostItsSizeAndSaysWhereTheNextStarts() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            let first = try catalog.fetchPage(AssetFetchOptions(sort: AssetSort(.name)), after: nil, size: 3)
            #expect(first.assets.map(\.id) == [2, 1, 3], "\(name)")
            let second = try catalog.fetchPage(AssetFetchOptions(sort: AssetSort(.name)), after: first.next, size: 3)
            #expect(second.assets.map(\.id) == [4, 5] && second.next == nil, "\(name)")
        }
    }

    @Test func fetchedAssetsAreTheCatalogsRecords() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            let fetched = try catalog.fetchAssets(AssetFetchOptions(kinds: [.gif])).prefix(1)
            #expect(fetched == [try #require(try catalog.asset(id: 3))], "\(name)")
        }
    }

    @Test func countsPerKindFollowTheFilters() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            #expect(try catalog.countAssets(AssetFetchOptions()) == KindCounts([.photo: 3, .gif: 1, .video: 1]), "\(name)")
            #expect(try catalog.countAssets(AssetFetchOptions(takenUntil: "2024-05-01")) == KindCounts([.photo: 1, .gif: 1]),
                    "\(name)")
            #expect(try catalog.countAssets(AssetFetchOptions(album: .folder("2024"))) == KindCounts([.photo: 3]), "\(name)")
            #expect(try catalog.countAssets(AssetFetchOptions(limit: 1)).total == 5, "\(name): limit does not apply to counts")
        }
    }

    @Test func aFolderAlbumIsFetchedNewestFirst() throws {
        for (name, result) in try ids(AssetFetchOptions(album: .folder("2024"))) { #expect(result == [4, 1, 2], "\(name)") }
        for (name, result) in try ids(AssetFetchOptions(album: .folder("photos"))) { #expect(result == [5], "\(name)") }
    }

    @Test func aUserAlbumIsFetchedInItsOrderOrSorted() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([5, 1, 3], to: "Trip")
            #expect(try AlbumFixtures.ids(catalog, AssetFetchOptions(album: .user("Trip"))) == [5, 1, 3], "\(name)")
            #expect(try AlbumFixtures.ids(catalog, AssetFetchOptions(album: .user("Trip"), sort: AssetSort(.taken))) == [3, 1, 5],
                    "\(name)")
            #expect(try AlbumFixtures.ids(catalog, AssetFetchOptions(album: .user("Trip"), sort: AssetSort(.album, ascending: false)),
                                          pageSize: 1) == [3, 1, 5], "\(name)")
        }
    }

    @Test func fetchingAUserAlbumThatDoesNotExistThrows() throws {
        for (_, catalog, _) in try AlbumFixtures.backends() {
            #expect(throws: AlbumError.noSuchAlbum("Nowhere")) {
                try catalog.fetchPage(AssetFetchOptions(album: .user("Nowhere")), after: nil, size: 10)
            }
        }
    }
}
