import Foundation
import Testing
@testable import Shoebox

/// The promises of `AssetFetching` (see its doc comment), on the catalog of `AlbumFixture`, for
/// every backend in `CatalogBackend.all`.
@Suite struct AssetFetchingContractTests {
    @Test(arguments: CatalogBackend.all) func sortsByCaptureDateWithUndatedAssetsAtTheirDateAdded(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(sort: AssetSort(.taken))) == f.ids(3, 2, 1, 5, 4))
        #expect(try f.fetched(AssetFetchOptions(sort: AssetSort(.taken, ascending: false))) == f.ids(4, 5, 1, 2, 3))
    }

    @Test(arguments: CatalogBackend.all) func theDefaultOrderIsCaptureDateAscending(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions()) == f.ids(3, 2, 1, 5, 4))
    }

    @Test(arguments: CatalogBackend.all) func sortsByDateAdded(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(sort: AssetSort(.added))) == f.ids(1, 2, 3, 4, 5))
        #expect(try f.fetched(AssetFetchOptions(sort: AssetSort(.added, ascending: false))) == f.ids(5, 4, 3, 2, 1))
    }

    @Test(arguments: CatalogBackend.all) func sortsByFileNameWithoutCase(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(sort: AssetSort(.name))) == f.ids(2, 1, 3, 4, 5))
        #expect(try f.fetched(AssetFetchOptions(sort: AssetSort(.name, ascending: false))) == f.ids(5, 4, 3, 1, 2))
    }

    @Test(arguments: CatalogBackend.all) func failedAndMissingAssetsAreNeverFetched(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let result = try f.fetched(AssetFetchOptions(sort: AssetSort(.added)))
        #expect(!result.contains(f[6]) && !result.contains(f[7]))
    }

    @Test(arguments: CatalogBackend.all) func filtersByOneKindOrSeveral(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(kinds: [.photo])) == f.ids(2, 1, 4))
        #expect(try f.fetched(AssetFetchOptions(kinds: [.gif, .video])) == f.ids(3, 5))
        #expect(try f.fetched(AssetFetchOptions(kinds: [.livePhoto])) == [])
    }

    @Test(arguments: CatalogBackend.all) func filtersByCaptureDateRangeWithInclusiveDays(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(takenSince: "2024-05-01", takenUntil: "2024-05-02")) == f.ids(2, 1))
        #expect(try f.fetched(AssetFetchOptions(takenUntil: "2024-05-01")) == f.ids(3, 2))
        #expect(try f.fetched(AssetFetchOptions(takenSince: "2024-05-01T09:30")) == f.ids(1, 5, 4))
    }

    @Test(arguments: CatalogBackend.all) func filtersByHavingALocation(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(hasLocation: true)) == f.ids(1))
        #expect(try f.fetched(AssetFetchOptions(hasLocation: false)) == f.ids(3, 2, 5, 4))
    }

    @Test(arguments: CatalogBackend.all) func limitAndOffsetWindowTheOrder(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(limit: 2, offset: 1)) == f.ids(2, 1))
        #expect(try f.fetched(AssetFetchOptions(limit: 3, offset: 1), pageSize: 2) == f.ids(2, 1, 5))
        #expect(try f.fetched(AssetFetchOptions(offset: 4)) == f.ids(4))
        #expect(try f.fetched(AssetFetchOptions(limit: 0)) == [])
    }

    @Test(arguments: CatalogBackend.all) func pagesFollowEachOtherWithoutGapOrRepeat(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        var pages = catalog.fetchAssets(AssetFetchOptions(), pageSize: 2).pages()
        var seen: [[Int64]] = []
        while let page = try pages.next() { seen.append(page.map(\.id)) }
        #expect(seen == [f.ids(3, 2), f.ids(1, 5), f.ids(4)])
    }

    @Test(arguments: CatalogBackend.all) func aPageHoldsAtMostItsSizeAndSaysWhereTheNextStarts(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let first = try catalog.fetchPage(AssetFetchOptions(sort: AssetSort(.name)), after: nil, size: 3)
        #expect(first.assets.map(\.id) == f.ids(2, 1, 3))
        let second = try catalog.fetchPage(AssetFetchOptions(sort: AssetSort(.name)), after: first.next, size: 3)
        #expect(second.assets.map(\.id) == f.ids(4, 5) && second.next == nil)
    }

    @Test(arguments: CatalogBackend.all) func fetchedAssetsAreTheCatalogsRecords(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let fetched = try catalog.fetchAssets(AssetFetchOptions(kinds: [.gif])).prefix(1)
        #expect(fetched == [try #require(try catalog.asset(id: f[3]))])
    }

    @Test(arguments: CatalogBackend.all) func countsPerKindFollowTheFilters(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        #expect(try catalog.countAssets(AssetFetchOptions()) == KindCounts([.photo: 3, .gif: 1, .video: 1]))
        #expect(try catalog.countAssets(AssetFetchOptions(takenUntil: "2024-05-01")) == KindCounts([.photo: 1, .gif: 1]))
        #expect(try catalog.countAssets(AssetFetchOptions(album: .folder("2024"))) == KindCounts([.photo: 3]))
        #expect(try catalog.countAssets(AssetFetchOptions(limit: 1)).total == 5, "limit does not apply to counts")
    }

    @Test(arguments: CatalogBackend.all) func aFolderAlbumIsFetchedNewestFirst(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(album: .folder("2024"))) == f.ids(4, 1, 2))
        #expect(try f.fetched(AssetFetchOptions(album: .folder("photos"))) == f.ids(5))
    }

    @Test(arguments: CatalogBackend.all) func aUserAlbumIsFetchedInItsOrderOrSorted(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(5, 1, 3), to: "Trip")
        #expect(try f.fetched(AssetFetchOptions(album: .user("Trip"))) == f.ids(5, 1, 3))
        #expect(try f.fetched(AssetFetchOptions(album: .user("Trip"), sort: AssetSort(.taken))) == f.ids(3, 1, 5))
        #expect(try f.fetched(AssetFetchOptions(album: .user("Trip"), sort: AssetSort(.album, ascending: false)),
                              pageSize: 1) == f.ids(3, 1, 5))
    }

    @Test(arguments: CatalogBackend.all) func fetchingAUserAlbumThatDoesNotExistThrows(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        #expect(throws: AlbumError.noSuchAlbum("Nowhere")) {
            try catalog.fetchPage(AssetFetchOptions(album: .user("Nowhere")), after: nil, size: 10)
        }
    }
}
