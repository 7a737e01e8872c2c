import Foundation
import Testing
@testable import Shoebox

/// Forgetting (`CatalogStore.forget`) on every backend: the assets at or under a path leave
/// the catalog and everything they took part in is formed again without them.
@Suite struct ForgetContractTests {
    @Test(arguments: CatalogBackend.all) func aFolderLeavesTheCatalogAndItsAlbums(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        try f.catalog.createAlbum(titled: "Trip")
        try f.catalog.addAssets([f[1], f[3]], to: "Trip")

        let forgotten = try f.catalog.forget(under: "/photos/2024")

        #expect(forgotten == ["/photos/2024/A.jpg", "/photos/2024/b.jpg", "/photos/2024/d.jpg", "/photos/2024/f.jpg",
                              "/photos/2024/g.jpg"], "shown, failed and missing alike")
        #expect(try f.fetched(AssetFetchOptions()) == f.ids(3, 5))
        #expect(try f.fetched(AssetFetchOptions(album: .user("Trip"))) == f.ids(3))
        #expect(try f.catalog.asset(id: f[1]) == nil)
        #expect(try f.catalog.forget(under: "/photos/2024") == [], "nothing left there")
        #expect(try f.catalog.forget(under: "/photos/e.mp4") == ["/photos/e.mp4"], "a file alone")
    }

    /// A Live Photo whose video is forgotten is a photo again, shown.
    @Test(arguments: CatalogBackend.all) func aLivePhotoWithoutItsVideoIsAPhoto(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let stillID = try f.recordLivePhoto().still
        #expect(try f.catalog.asset(id: stillID)?.kind == .livePhoto)

        #expect(try f.catalog.forget(under: "/photos/live/IMG_1.MOV") == ["/photos/live/IMG_1.MOV"])

        #expect(try f.catalog.asset(id: stillID)?.kind == .photo)
        #expect(try f.fetched(AssetFetchOptions(kinds: [.photo])).contains(stillID))
    }

    /// An edit forgotten: its original is shown again, as itself.
    @Test(arguments: CatalogBackend.all) func anOriginalIsShownAgainWhenItsEditIsForgotten(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let run = try f.catalog.beginRun(roots: ["/photos"])
        let original = try f.catalog.record(AlbumFixture.draft("/photos/ed/IMG_1234.JPG", takenAt: "2024-07-02T09:00:00"), run: run)
        let edit = try f.catalog.record(AlbumFixture.draft("/photos/ed/IMG_E1234.JPG", takenAt: "2024-07-02T09:00:00"), run: run)
        #expect(try f.fetched(AssetFetchOptions(album: .folder("ed"))) == [edit])

        _ = try f.catalog.forget(under: "/photos/ed/IMG_E1234.JPG")

        #expect(try f.fetched(AssetFetchOptions(album: .folder("ed"))) == [original])
    }

    @Test(arguments: CatalogBackend.all) func aBurstWithoutItsCoverIsShownAsItsFirstFrame(backend: CatalogBackend) throws {
        let b = try BurstContractTests.Burst(backend)
        _ = try b.catalog.forget(under: "/photos/burst/" + BurstContractTests.Burst.frames[1])
        #expect(try b.shown() == [b[0]])
    }

    /// Row 7 has been missing since the fixture was made: forgotten with a cutoff after that,
    /// kept with one before.
    @Test(arguments: CatalogBackend.all) func onlyWhatWasMissingBeforeTheCutoffIsForgotten(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let missing = try f.catalog.asset(id: f[7])
        #expect(missing?.missing == true)
        #expect(try f.catalog.forgetMissing(before: Date().addingTimeInterval(-86_400)) == [])
        let forgotten = try f.catalog.forgetMissing(before: Date().addingTimeInterval(86_400))
        #expect(forgotten.contains("/photos/2024/g.jpg") && !forgotten.contains("/photos/2024/b.jpg"))
        #expect(try f.catalog.asset(id: f[7]) == nil && f.catalog.asset(id: f[1]) != nil)
    }
}
