import Foundation
import Testing
@testable import Shoebox

/// The promises of `AlbumStore` (see its doc comment), on the catalog of `AlbumFixture`, for
/// every backend in `CatalogBackend.all`.
@Suite struct AlbumStoreContractTests {
    func order(_ catalog: any Catalog, _ title: String) throws -> [Int64] {
        try catalog.leadingAssets(of: .user(title), count: 100)
    }

    func summary(_ catalog: any Catalog, _ album: AlbumReference) throws -> AlbumSummary {
        try #require(try catalog.summary(of: album))
    }

    @Test(arguments: CatalogBackend.all) func creatingATitleTwiceReturnsTheSameAlbum(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let first = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1), to: "Trip")
        let second = try catalog.createAlbum(titled: "Trip")
        #expect(first.album == .user("Trip") && first.created)
        #expect(second.album == .user("Trip") && !second.created)
        #expect(try order(catalog, "Trip") == f.ids(1), "the existing album, contents kept")
        #expect(try catalog.albums().filter { $0.album == .user("Trip") }.count == 1)
    }

    @Test(arguments: CatalogBackend.all) func addAppendsAndLeavesAssetsAlreadyThereInPlace(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1, 2), to: "Trip")
        try catalog.addAssets(f.ids(2, 3, 3), to: "Trip")
        #expect(try order(catalog, "Trip") == f.ids(1, 2, 3))
    }

    @Test(arguments: CatalogBackend.all) func insertingAtZeroPutsAnAssetFirstAndMakesItTheCover(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1, 2, 3), to: "Trip")
        #expect(try summary(catalog, .user("Trip")).coverAssetID == f[1])
        try catalog.insertAssets(f.ids(5), into: "Trip", at: 0)
        #expect(try order(catalog, "Trip") == f.ids(5, 1, 2, 3))
        #expect(try summary(catalog, .user("Trip")).coverAssetID == f[5])
        try catalog.insertAssets(f.ids(3), into: "Trip", at: 0)
        #expect(try order(catalog, "Trip") == f.ids(3, 5, 1, 2), "an asset already there moves")
    }

    @Test(arguments: CatalogBackend.all) func insertingPastTheEndIsRefused(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1), to: "Trip")
        #expect(throws: AlbumError.positionOutOfRange(2, album: "Trip", count: 1)) {
            try catalog.insertAssets(f.ids(2), into: "Trip", at: 2)
        }
        try catalog.insertAssets(f.ids(2), into: "Trip", at: 1)
        #expect(try order(catalog, "Trip") == f.ids(1, 2))
    }

    @Test(arguments: CatalogBackend.all) func removeTakesAssetsOutAndClosesTheGap(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1, 2, 3, 4), to: "Trip")
        #expect(try catalog.removeAssets(f.ids(2, 5), from: "Trip") == 1, "row 5 was not in it")
        #expect(try order(catalog, "Trip") == f.ids(1, 3, 4))
        try catalog.insertAssets(f.ids(2), into: "Trip", at: 3)
        #expect(try order(catalog, "Trip") == f.ids(1, 3, 4, 2), "positions have no gap")
    }

    @Test(arguments: CatalogBackend.all) func reorderMovesMembersOnly(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1, 2, 3, 4), to: "Trip")
        try catalog.reorderAssets(f.ids(4, 3), in: "Trip", at: 1)
        #expect(try order(catalog, "Trip") == f.ids(1, 4, 3, 2))
        #expect(throws: AlbumError.notInAlbum(asset: f[5], album: "Trip")) {
            try catalog.reorderAssets(f.ids(5), in: "Trip", at: 0)
        }
    }

    @Test(arguments: CatalogBackend.all) func renameKeepsTheAlbumAndRefusesATakenTitle(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        _ = try catalog.createAlbum(titled: "Other")
        try catalog.addAssets(f.ids(2, 1), to: "Trip")
        try catalog.renameAlbum("Trip", to: "Holiday")
        #expect(try order(catalog, "Holiday") == f.ids(2, 1))
        #expect(try catalog.album(titled: "Trip") == nil)
        #expect(throws: AlbumError.titleTaken("Other")) { try catalog.renameAlbum("Holiday", to: "Other") }
    }

    @Test(arguments: CatalogBackend.all) func deletingAnAlbumLeavesItsAssetsIntact(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let before = try f.ids(1, 2).map { try #require(try catalog.asset(id: $0)) }
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1, 2), to: "Trip")
        try catalog.recordCovers([CoverRecord(name: "cover-8", recipe: "r", width: 8, height: 8, relativePath: "covers/x.jpg")],
                                 for: .user("Trip"))
        try catalog.deleteAlbum("Trip")
        #expect(try catalog.album(titled: "Trip") == nil)
        #expect(try f.ids(1, 2).map { try catalog.asset(id: $0) } == before)
        #expect(try catalog.recordedCoverPaths().isEmpty, "its cover records went with it")
        #expect(try catalog.countAssets(AssetFetchOptions()).total == 5)
    }

    @Test(arguments: CatalogBackend.all) func removingAnAssetFromAnAlbumLeavesTheAssetIntact(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let before = try #require(try catalog.asset(id: f[1]))
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1), to: "Trip")
        try catalog.removeAssets(f.ids(1), from: "Trip")
        #expect(try catalog.asset(id: f[1]) == before)
    }

    @Test(arguments: CatalogBackend.all) func anExplicitCoverWinsUntilItLeavesTheAlbum(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1, 2, 3), to: "Trip")
        try catalog.setCover(f[2], of: .user("Trip"))
        let set = try summary(catalog, .user("Trip"))
        #expect(set.coverAssetID == f[2] && set.coverIsExplicit)
        try catalog.removeAssets(f.ids(2), from: "Trip")
        try catalog.addAssets(f.ids(2), to: "Trip")
        let fallen = try summary(catalog, .user("Trip"))
        #expect(fallen.coverAssetID == f[1] && !fallen.coverIsExplicit)
    }

    @Test(arguments: CatalogBackend.all) func aCoverMustBeAShownAssetOfTheAlbum(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(1, 7), to: "Trip")
        #expect(throws: AlbumError.notInAlbum(asset: f[3], album: "Trip")) { try catalog.setCover(f[3], of: .user("Trip")) }
        #expect(throws: AlbumError.notShown(asset: f[7], album: "Trip")) { try catalog.setCover(f[7], of: .user("Trip")) }
        #expect(throws: AlbumError.noSuchAsset(AlbumFixture.noSuchID)) { try catalog.setCover(AlbumFixture.noSuchID, of: .user("Trip")) }
        #expect(throws: AlbumError.notInAlbum(asset: f[3], album: "2024")) { try catalog.setCover(f[3], of: .folder("2024")) }
    }

    @Test(arguments: CatalogBackend.all) func aFolderAlbumsCoverIsItsNewestAssetUnlessSet(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        #expect(try summary(catalog, .folder("2024")).coverAssetID == f[4], "d.jpg, dated by when it was added")
        try catalog.setCover(f[2], of: .folder("2024"))
        #expect(try summary(catalog, .folder("2024")).coverAssetID == f[2])
        try catalog.setCover(nil, of: .folder("2024"))
        #expect(try summary(catalog, .folder("2024")).coverAssetID == f[4])
    }

    @Test(arguments: CatalogBackend.all) func listingSortsByCountLargestFirstAndSkipsEmptyAlbums(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Empty")
        _ = try catalog.createAlbum(titled: "Only missing")
        try catalog.addAssets(f.ids(7), to: "Only missing")
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(3, 5), to: "Trip")
        let listing = try catalog.albums()
        #expect(listing.map(\.album) == [.folder("2024"), .user("Trip"), .folder("2023"), .folder("photos")])
        #expect(listing.map(\.count) == [3, 2, 1, 1])
        #expect(listing.map(\.counts) == [KindCounts([.photo: 3]), KindCounts([.gif: 1, .video: 1]), KindCounts([.gif: 1]),
                                          KindCounts([.video: 1])])
        #expect(listing.map(\.coverAssetID) == f.ids(4, 3, 3, 5))
    }

    @Test(arguments: CatalogBackend.all) func folderAlbumsFollowFilesThatMove(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let status = SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2)
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.relocate(f[3], to: DiscoveredFile(path: "/photos/2024/c.gif", root: "/photos", status: status), run: run)
        let listing = try catalog.albums()
        #expect(listing.map(\.album) == [.folder("2024"), .folder("photos")])
        #expect(listing.first?.counts == KindCounts([.photo: 3, .gif: 1]))
        #expect(try catalog.album(titled: "2023") == nil)
    }

    @Test(arguments: CatalogBackend.all) func folderAlbumsCannotBeEdited(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        #expect(throws: AlbumError.notAUserAlbum("2024")) { try catalog.addAssets(f.ids(5), to: "2024") }
        #expect(throws: AlbumError.notAUserAlbum("2024")) { try catalog.deleteAlbum("2024") }
        #expect(throws: AlbumError.noSuchAlbum("Nowhere")) { try catalog.addAssets(f.ids(5), to: "Nowhere") }
    }

    @Test(arguments: CatalogBackend.all) func addingAnAssetThatDoesNotExistIsRefusedWhole(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        #expect(throws: AlbumError.noSuchAsset(AlbumFixture.noSuchID)) { try catalog.addAssets([f[1], AlbumFixture.noSuchID], to: "Trip") }
        #expect(try order(catalog, "Trip") == [], "nothing added")
    }

    @Test(arguments: CatalogBackend.all) func titlesMustBePrintable(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        #expect(throws: AlbumError.self) { try catalog.createAlbum(titled: "  ") }
        #expect(throws: AlbumError.self) { try catalog.createAlbum(titled: "two\nlines") }
    }

    /// A user album made first, a folder of its title ingested later: both exist, and the
    /// title means the user album.
    @Test(arguments: CatalogBackend.all) func aTitleMeansTheUserAlbumBeforeTheFolderAlbum(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "2025")
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(AlbumFixture.draft("/photos/2025/h.jpg", takenAt: "2025-01-01T00:00:00"), run: run)
        #expect(try catalog.album(titled: "2025") == .user("2025"))
        #expect(try catalog.album(titled: "2024") == .folder("2024"))
        #expect(try catalog.album(titled: "nowhere") == nil)
    }

    /// Otherwise the folder album would vanish from every lookup by title.
    @Test(arguments: CatalogBackend.all) func aUserAlbumCannotTakeAFolderAlbumsTitle(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        #expect(throws: AlbumError.reservedTitle("2024", by: .folder)) { try catalog.createAlbum(titled: "2024") }
        _ = try catalog.createAlbum(titled: "Trip")
        #expect(throws: AlbumError.reservedTitle("2024", by: .folder)) { try catalog.renameAlbum("Trip", to: "2024") }
        #expect(try catalog.album(titled: "2024") == .folder("2024"))
        #expect(try catalog.album(titled: "Trip") == .user("Trip"))
    }

    @Test(arguments: CatalogBackend.all) func aMissingTitleNamesTheAlbumItIsASlipFor(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Holiday")
        try catalog.addAssets(f.ids(1), to: "Holiday")
        #expect(throws: AlbumError.noSuchAlbum("Holliday", didYouMean: "Holiday")) { try catalog.requireAlbum(titled: "Holliday") }
        #expect(throws: AlbumError.noSuchAlbum("Lisbon", didYouMean: nil)) { try catalog.requireAlbum(titled: "Lisbon") }
        #expect(throws: AlbumError.noSuchAlbum("Favourites", didYouMean: "Favorites")) { try catalog.requireAlbum(titled: "Favourites") }
    }

    @Test(arguments: CatalogBackend.all) func coverRecordsAreReplacedAndListed(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let old = CoverRecord(name: "cover-8", recipe: "r1", width: 8, height: 8, relativePath: "covers/aa/old.jpg")
        let new = CoverRecord(name: "cover-8", recipe: "r1", width: 8, height: 8, relativePath: "covers/bb/new.jpg")
        try catalog.recordCovers([old], for: .folder("2024"))
        try catalog.recordCovers([new], for: .folder("2024"))
        #expect(try summary(catalog, .folder("2024")).covers == [new])
        #expect(try catalog.recordedCoverPaths() == ["covers/bb/new.jpg"])
    }

    /// The listing reads every album's cover records at once (PostgreSQL: in one pipeline with
    /// the albums) and must still hand each album its own, in name order, and none to an album
    /// without any.
    @Test(arguments: CatalogBackend.all) func theListingGivesEachAlbumItsOwnCoverRecordsInNameOrder(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let recorded = try recordSomeCovers(f)
        let covers = Dictionary(uniqueKeysWithValues: try f.catalog.albums().map { ($0.album, $0.covers) })
        #expect(covers == [.folder("2024"): recorded.folder, .user("Trip"): recorded.trip, .folder("2023"): [], .folder("photos"): []])
    }

    /// Cover records for the fixture's albums: two for the folder album 2024, one for Trip (which
    /// holds row 3), none for the others. Returns 2024's in name order, then Trip's.
    func recordSomeCovers(_ f: AlbumFixture) throws -> (folder: [CoverRecord], trip: [CoverRecord]) {
        let catalog = f.catalog
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets(f.ids(3), to: "Trip")
        let mosaic = CoverRecord(name: "mosaic-8", recipe: "r1", width: 16, height: 8, relativePath: "covers/aa/mosaic.jpg")
        let cover = CoverRecord(name: "cover-8", recipe: "r1", width: 8, height: 8, relativePath: "covers/bb/cover.jpg")
        let trip = CoverRecord(name: "cover-8", recipe: "r2", width: 8, height: 8, relativePath: "covers/cc/trip.jpg")
        try catalog.recordCovers([mosaic, cover], for: .folder("2024"))
        try catalog.recordCovers([trip], for: .user("Trip"))
        return ([cover, mosaic], [trip])
    }

    @Test(arguments: CatalogBackend.all) func aSummaryGivesItsAlbumItsOwnCoverRecords(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        let recorded = try recordSomeCovers(f)
        #expect(try summary(catalog, .folder("2024")).covers == recorded.folder)
        #expect(try summary(catalog, .user("Trip")).covers == recorded.trip)
        #expect(try summary(catalog, .folder("2023")).covers == [])
    }

    /// Showing one album reads that album's cover records, not every album's (on a catalog of
    /// 5,000 albums, 10,000 records to show two).
    @Test(arguments: CatalogBackend.all) func aSummaryReadsOnlyItsAlbumsCoverRecords(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try recordSomeCovers(f)
        var covers: [CoverRecord] = []
        let sent = try ReaderStatements.sent(by: catalog) { covers = try summary(catalog, .user("Trip")).covers }
        #expect(covers.count == 1)
        #expect(sent.contains(where: ReaderStatements.readsCoverRecords), "its own are read: \(sent)")
        #expect(!sent.contains(where: ReaderStatements.readsEveryAlbumsCoverRecords), "\(sent)")
    }

    /// A summary reads its own album's row (its id and explicit cover), not every album's.
    @Test(arguments: CatalogBackend.all) func aSummaryReadsOnlyItsAlbumsRow(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try recordSomeCovers(f)
        let sent = try ReaderStatements.sent(by: catalog) { _ = try summary(catalog, .folder("2024")) }
        #expect(!sent.contains(where: ReaderStatements.readsEveryAlbumRow), "\(sent)")
    }

    /// Without covers, the listing is the listing with covers, each album's `covers` empty.
    @Test(arguments: CatalogBackend.all) func theListingWithoutCoversGivesTheSameSummariesWithEmptyCovers(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try recordSomeCovers(f)
        try catalog.setCover(f[2], of: .folder("2024"))
        let with = try catalog.albums(includingCovers: true)
        let without = try catalog.albums(includingCovers: false)
        #expect(with.map(\.covers.count) == [2, 0, 1, 0], "2024, 2023, Trip, photos")
        #expect(without == with.map { var summary = $0; summary.covers = []; return summary })
        #expect(without.map(\.coverAssetID) == f.ids(2, 3, 3, 5))
        #expect(without.first?.coverIsExplicit == true)
    }

    /// The listing without covers sends no statement that reads cover records (on PostgreSQL,
    /// 10,200 records and 1 MB on a catalog of 5,100 albums); with them it does.
    @Test(arguments: CatalogBackend.all) func theListingWithoutCoversReadsNoCoverRecords(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let catalog = f.catalog
        _ = try recordSomeCovers(f)
        let without = try ReaderStatements.sent(by: catalog) { _ = try catalog.albums(includingCovers: false) }
        #expect(!without.isEmpty)
        #expect(!without.contains(where: ReaderStatements.readsCoverRecords), "\(without)")
        let with = try ReaderStatements.sent(by: catalog) { _ = try catalog.albums(includingCovers: true) }
        #expect(with.contains(where: ReaderStatements.readsEveryAlbumsCoverRecords), "\(with)")
    }
}
