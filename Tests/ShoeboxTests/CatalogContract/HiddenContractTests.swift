import Foundation
import Testing
@testable import Shoebox

/// Hiding (`AlbumStore.setHidden`, PhotoKit's `isHidden`) on every backend: a hidden asset
/// is left out of every fetch, album and moment and shown in the Hidden smart album only; its
/// mark outlives a re-ingest; `hidden` always says what `HiddenRule` says of a row's causes.
@Suite struct HiddenContractTests {
    typealias SmartRows = SmartAlbumContractTests.SmartRows

    @Test(arguments: CatalogBackend.all) func aHiddenAssetIsShownInHiddenOnly(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        let shownBefore = try s.fetched(.allPhotos)
        try s.catalog.setHidden(true, for: [s["pano.jpg"], s["raw.dng"]])

        #expect(try s.fetched(.allPhotos) == shownBefore.filter { ![s["pano.jpg"], s["raw.dng"]].contains($0) })
        #expect(try s.fetched(.panoramas) == [])
        #expect(try s.fetched(.favorites) == [s["starred.jpg"]], "raw.dng's 5 stars do not show it")
        #expect(try s.f.fetched(AssetFetchOptions(album: .folder("smart"))).contains(s["pano.jpg"]) == false)
        #expect(try s.fetched(.hidden) == [s["raw.dng"], s["pano.jpg"]], "newest first")
        let hidden = try #require(try s.catalog.summary(of: SmartAlbum.hidden.reference))
        #expect(hidden.counts == KindCounts([.photo: 2]) && hidden.coverAssetID == s["raw.dng"])
        #expect(try s.catalog.smartAlbums(includingCovers: false).last.map { "\($0.album.title) \($0.count)" } == "Hidden 2")
    }

    @Test(arguments: CatalogBackend.all) func anAssetShownAgainIsBackWhereItWas(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        try s.catalog.setHidden(true, for: [s["pano.jpg"]])
        try s.catalog.setHidden(false, for: [s["pano.jpg"]])
        #expect(try s.fetched(.panoramas) == [s["pano.jpg"]])
        #expect(try s.fetched(.hidden) == [])
    }

    @Test(arguments: CatalogBackend.all) func theMarkOutlivesAReIngest(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        try s.catalog.setHidden(true, for: [s["pano.jpg"]])
        let run = try s.catalog.beginRun(roots: ["/photos"])
        var again = AlbumFixture.draft("/photos/smart/pano.jpg", takenAt: "2022-01-01T10:00:00")
        again.subtypes = [.panorama]
        #expect(try s.catalog.record(again, run: run) == s["pano.jpg"])
        #expect(try s.fetched(.hidden) == [s["pano.jpg"]])
        #expect(try s.fetched(.panoramas) == [])
    }

    @Test(arguments: CatalogBackend.all) func hidingAnUnknownAssetHidesNothing(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        #expect(throws: AlbumError.noSuchAsset(AlbumFixture.noSuchID)) {
            try s.catalog.setHidden(true, for: [s["pano.jpg"], AlbumFixture.noSuchID])
        }
        #expect(try s.fetched(.hidden) == [])
    }

    /// A Live Photo hidden through its still and shown again: the still is a Live Photo in
    /// the listings again, and its video stays hidden, as the half it is.
    @Test(arguments: CatalogBackend.all) func aLivePhotosVideoStaysHiddenWhenItsStillIsShownAgain(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let (stillID, videoID) = try f.recordLivePhoto()
        #expect(try f.fetched(AssetFetchOptions(kinds: [.livePhoto])) == [stillID])

        try f.catalog.setHidden(true, for: [stillID])
        #expect(try f.fetched(AssetFetchOptions(kinds: [.livePhoto])) == [])
        try f.catalog.setHidden(false, for: [stillID])

        #expect(try f.fetched(AssetFetchOptions(kinds: [.livePhoto])) == [stillID])
        #expect(try f.fetched(AssetFetchOptions()).contains(videoID) == false)
    }

    /// A hidden asset leaves its moment; shown again, it is back in it.
    @Test(arguments: CatalogBackend.all) func aHiddenAssetLeavesItsMoment(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let run = try f.catalog.beginRun(roots: ["/photos"])
        let added = try f.catalog.record(AlbumFixture.draft("/photos/2024/h.jpg", takenAt: "2024-05-01T12:00:00"), run: run)
        _ = try f.catalog.updateMoments()
        #expect(try f.catalog.moment(id: f[2])?.count == 2)

        try f.catalog.setHidden(true, for: [added])
        _ = try f.catalog.updateMoments()
        #expect(try f.catalog.moment(id: f[2])?.count == 1)
        #expect(try f.fetched(AssetFetchOptions(moment: f[2])) == [f[2]])

        try f.catalog.setHidden(false, for: [added])
        _ = try f.catalog.updateMoments()
        #expect(try f.catalog.moment(id: f[2])?.count == 2)
    }
}
