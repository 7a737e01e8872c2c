import Foundation
import Testing
@testable import Shoebox

/// The promises of `AlbumStore` (see its doc comment), on the catalog of `AlbumFixtures`.
@Suite struct AlbumStoreContractTests {
    typealias Catalog = any CatalogStore & AlbumStore & AssetFetching

    func order(_ catalog: Catalog, _ title: String) throws -> [Int64] {
        try catalog.leadingAssets(of: .user(title), count: 100)
    }

    func summary(_ catalog: Catalog, _ album: AlbumReference) throws -> AlbumSummary {
        try #require(try catalog.summary(of: album))
    }

    @Test func creatingATitleTwiceReturnsTheSameAlbum() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            let first = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1], to: "Trip")
            let second = try catalog.createAlbum(titled: "Trip")
            #expect(first.album == .user("Trip") && first.created, "\(name)")
            #expect(second.album == .user("Trip") && !second.created, "\(name)")
            #expect(try order(catalog, "Trip") == [1], "\(name): the existing album, contents kept")
            #expect(try catalog.albums().filter { $0.album == .user("Trip") }.count == 1, "\(name)")
        }
    }

    @Test func addAppendsAndLeavesAssetsAlreadyThereInPlace() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1, 2], to: "Trip")
            try catalog.addAssets([2, 3, 3], to: "Trip")
            #expect(try order(catalog, "Trip") == [1, 2, 3], "\(name)")
        }
    }

    @Test func insertingAtZeroPutsAnAssetFirstAndMakesItTheCover() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1, 2, 3], to: "Trip")
            #expect(try summary(catalog, .user("Trip")).coverAssetID == 1, "\(name)")
            try catalog.insertAssets([5], into: "Trip", at: 0)
            #expect(try order(catalog, "Trip") == [5, 1, 2, 3], "\(name)")
            #expect(try summary(catalog, .user("Trip")).coverAssetID == 5, "\(name)")
            try catalog.insertAssets([3], into: "Trip", at: 0)
            #expect(try order(catalog, "Trip") == [3, 5, 1, 2], "\(name): an asset already there moves")
        }
    }

    @Test func insertingPastTheEndIsRefused() throws {
        for (_, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1], to: "Trip")
            #expect(throws: AlbumError.positionOutOfRange(2, album: "Trip", count: 1)) {
                try catalog.insertAssets([2], into: "Trip", at: 2)
            }
            try catalog.insertAssets([2], into: "Trip", at: 1)
            #expect(try order(catalog, "Trip") == [1, 2])
        }
    }

    @Test func removeTakesAssetsOutAndClosesTheGap() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1, 2, 3, 4], to: "Trip")
            #expect(try catalog.removeAssets([2, 5], from: "Trip") == 1, "\(name): asset 5 was not in it")
            #expect(try order(catalog, "Trip") == [1, 3, 4], "\(name)")
            try catalog.insertAssets([2], into: "Trip", at: 3)
            #expect(try order(catalog, "Trip") == [1, 3, 4, 2], "\(name): positions have no gap")
        }
    }

    @Test func reorderMovesMembersOnly() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1, 2, 3, 4], to: "Trip")
            try catalog.reorderAssets([4, 3], in: "Trip", at: 1)
            #expect(try order(catalog, "Trip") == [1, 4, 3, 2], "\(name)")
            #expect(throws: AlbumError.notInAlbum(asset: 5, album: "Trip")) {
                try catalog.reorderAssets([5], in: "Trip", at: 0)
            }
        }
    }

    @Test func renameKeepsTheAlbumAndRefusesATakenTitle() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            _ = try catalog.createAlbum(titled: "Other")
            try catalog.addAssets([2, 1], to: "Trip")
            try catalog.renameAlbum("Trip", to: "Holiday")
            #expect(try order(catalog, "Holiday") == [2, 1], "\(name)")
            #expect(try catalog.album(titled: "Trip") == nil, "\(name)")
            #expect(throws: AlbumError.titleTaken("Other")) { try catalog.renameAlbum("Holiday", to: "Other") }
        }
    }

    @Test func deletingAnAlbumLeavesItsAssetsIntact() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            let before = try [1, 2].map { try #require(try catalog.asset(id: $0)) }
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1, 2], to: "Trip")
            try catalog.recordCovers([CoverRecord(name: "cover-8", recipe: "r", width: 8, height: 8, relativePath: "covers/x.jpg")],
                                     for: .user("Trip"))
            try catalog.deleteAlbum("Trip")
            #expect(try catalog.album(titled: "Trip") == nil, "\(name)")
            #expect(try [1, 2].map { try catalog.asset(id: $0) } == before, "\(name)")
            #expect(try catalog.recordedCoverPaths().isEmpty, "\(name): its cover records went with it")
            #expect(try catalog.countAssets(AssetFetchOptions()).total == 5, "\(name)")
        }
    }

    @Test func removingAnAssetFromAnAlbumLeavesTheAssetIntact() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            let before = try #require(try catalog.asset(id: 1))
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1], to: "Trip")
            try catalog.removeAssets([1], from: "Trip")
            #expect(try catalog.asset(id: 1) == before, "\(name)")
        }
    }

    @Test func anExplicitCoverWinsUntilItLeavesTheAlbum() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1, 2, 3], to: "Trip")
            try catalog.setCover(2, of: .user("Trip"))
            let set = try summary(catalog, .user("Trip"))
            #expect(set.coverAssetID == 2 && set.coverIsExplicit, "\(name)")
            try catalog.removeAssets([2], from: "Trip")
            try catalog.addAssets([2], to: "Trip")
            let fallen = try summary(catalog, .user("Trip"))
            #expect(fallen.coverAssetID == 1 && !fallen.coverIsExplicit, "\(name)")
        }
    }

    @Test func aCoverMustBeAShownAssetOfTheAlbum() throws {
        for (_, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([1, 7], to: "Trip")
            #expect(throws: AlbumError.notInAlbum(asset: 3, album: "Trip")) { try catalog.setCover(3, of: .user("Trip")) }
            #expect(throws: AlbumError.notShown(asset: 7, album: "Trip")) { try catalog.setCover(7, of: .user("Trip")) }
            #expect(throws: AlbumError.noSuchAsset(99)) { try catalog.setCover(99, of: .user("Trip")) }
            #expect(throws: AlbumError.notInAlbum(asset: 3, album: "2024")) { try catalog.setCover(3, of: .folder("2024")) }
        }
    }

    @Test func aFolderAlbumsCoverIsItsNewestAssetUnlessSet() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            #expect(try summary(catalog, .folder("2024")).coverAssetID == 4, "\(name): d.jpg, dated by when it was added")
            try catalog.setCover(2, of: .folder("2024"))
            #expect(try summary(catalog, .folder("2024")).coverAssetID == 2, "\(name)")
            try catalog.setCover(nil, of: .folder("2024"))
            #expect(try summary(catalog, .folder("2024")).coverAssetID == 4, "\(name)")
        }
    }

    @Test func listingSortsByCountLargestFirstAndSkipsEmptyAlbums() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Empty")
            _ = try catalog.createAlbum(titled: "Only missing")
            try catalog.addAssets([7], to: "Only missing")
            _ = try catalog.createAlbum(titled: "Trip")
            try catalog.addAssets([3, 5], to: "Trip")
            let listing = try catalog.albums()
            #expect(listing.map(\.album) == [.folder("2024"), .user("Trip"), .folder("2023"), .folder("photos")], "\(name)")
            #expect(listing.map(\.count) == [3, 2, 1, 1], "\(name)")
            #expect(listing.map(\.counts) == [KindCounts([.photo: 3]), KindCounts([.gif: 1, .video: 1]), KindCounts([.gif: 1]),
                                              KindCounts([.video: 1])], "\(name)")
            #expect(listing.map(\.coverAssetID) == [4, 3, 3, 5], "\(name)")
        }
    }

    @Test func folderAlbumsFollowFilesThatMove() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            let status = SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2)
            let run = try catalog.beginRun(roots: ["/photos"])
            try catalog.relocate(3, to: DiscoveredFile(path: "/photos/2024/c.gif", root: "/photos", status: status), run: run)
            let listing = try catalog.albums()
            #expect(listing.map(\.album) == [.folder("2024"), .folder("photos")], "\(name)")
            #expect(listing.first?.counts == KindCounts([.photo: 3, .gif: 1]), "\(name)")
            #expect(try catalog.album(titled: "2023") == nil, "\(name)")
        }
    }

    @Test func folderAlbumsCannotBeEdited() throws {
        for (_, catalog, _) in try AlbumFixtures.backends() {
            #expect(throws: AlbumError.notAUserAlbum("2024")) { try catalog.addAssets([5], to: "2024") }
            #expect(throws: AlbumError.notAUserAlbum("2024")) { try catalog.deleteAlbum("2024") }
            #expect(throws: AlbumError.noSuchAlbum("Nowhere")) { try catalog.addAssets([5], to: "Nowhere") }
        }
    }

    @Test func addingAnAssetThatDoesNotExistIsRefusedWhole() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            _ = try catalog.createAlbum(titled: "Trip")
            #expect(throws: AlbumError.noSuchAsset(99)) { try catalog.addAssets([1, 99], to: "Trip") }
            #expect(try order(catalog, "Trip") == [], "\(name): nothing added")
        }
    }

    @Test func titlesMustBePrintable() throws {
        for (_, catalog, _) in try AlbumFixtures.backends() {
            #expect(throws: AlbumError.self) { try catalog.createAlbum(titled: "  ") }
            #expect(throws: AlbumError.self) { try catalog.createAlbum(titled: "two\nlines") }
        }
    }

    @Test func aTitleMeansTheUserAlbumBeforeTheFolderAlbum() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            #expect(try catalog.album(titled: "2024") == .folder("2024"), "\(name)")
            _ = try catalog.createAlbum(titled: "2024")
            #expect(try catalog.album(titled: "2024") == .user("2024"), "\(name)")
            #expect(try catalog.album(titled: "nowhere") == nil, "\(name)")
        }
    }

    @Test func coverRecordsAreReplacedAndListed() throws {
        for (name, catalog, _) in try AlbumFixtures.backends() {
            let old = CoverRecord(name: "cover-8", recipe: "r1", width: 8, height: 8, relativePath: "covers/aa/old.jpg")
            let new = CoverRecord(name: "cover-8", recipe: "r1", width: 8, height: 8, relativePath: "covers/bb/new.jpg")
            try catalog.recordCovers([old], for: .folder("2024"))
            try catalog.recordCovers([new], for: .folder("2024"))
            #expect(try summary(catalog, .folder("2024")).covers == [new], "\(name)")
            #expect(try catalog.recordedCoverPaths() == ["covers/bb/new.jpg"], "\(name)")
        }
    }
}
