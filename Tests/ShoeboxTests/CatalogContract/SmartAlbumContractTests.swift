import Foundation
import Testing
@testable import Shoebox

/// Smart albums (`SmartAlbum`, `AlbumStore.smartAlbums`) on every backend: what each shows,
/// in what order, and that they are computed, never edited. The catalog is `AlbumFixture`'s
/// (rows 1-5 shown) plus the rows of `SmartRows`.
@Suite struct SmartAlbumContractTests {
    /// The fixture and one shown row for each subtype and rating a smart album reads.
    struct SmartRows {
        let f: AlbumFixture
        var ids: [String: Int64] = [:]
        var catalog: any Catalog { f.catalog }

        init(_ backend: CatalogBackend) throws {
            f = try AlbumFixture(backend)
            let run = try f.catalog.beginRun(roots: ["/photos"])
            for (name, taken, subtypes, rating) in Self.rows {
                var draft = AlbumFixture.draft("/photos/smart/\(name)", takenAt: taken)
                draft.subtypes = subtypes
                draft.metadata.rating = rating
                if name.hasSuffix(".mov") || name.hasSuffix(".MP4") { draft.kind = .video }
                if name.hasPrefix("selfie") { draft.metadata.lensModel = "iPhone 13 Pro front TrueDepth camera 2.71mm f/2.2" }
                if name.hasPrefix("back") { draft.metadata.lensModel = "iPhone 13 Pro back triple camera 5.7mm f/1.5" }
                ids[name] = try f.catalog.record(draft, run: run)
            }
        }

        static let rows: [(String, String, Set<AssetSubtype>, Int?)] = [
            ("pano.jpg", "2022-01-01T10:00:00", [.panorama], nil),
            ("shot.png", "2022-01-02T10:00:00", [.screenshot], 3),
            ("raw.dng", "2022-01-03T10:00:00", [.raw], 5),
            ("anim.webp", "2022-01-04T10:00:00", [.animated], nil),
            ("slow.mov", "2022-01-05T10:00:00", [.highFrameRate], nil),
            ("starred.jpg", "2022-01-06T10:00:00", [], 5),
            ("rejected.jpg", "2022-01-07T10:00:00", [], -1),
            ("selfie.heic", "2022-01-08T10:00:00", [], nil),
            ("back.heic", "2022-01-09T10:00:00", [], nil),
            ("RPReplay_Final1692022000.MP4", "2022-01-10T10:00:00", [], nil),
            ("Screen_Recording_20230101.jpg", "2022-01-11T10:00:00", [], nil),   // a still: no recording
        ]

        subscript(_ name: String) -> Int64 { ids[name]! }

        func fetched(_ album: SmartAlbum) throws -> [Int64] {
            try f.fetched(AssetFetchOptions(album: album.reference))
        }
    }

    @Test(arguments: CatalogBackend.all) func everySmartAlbumIsListedInItsOrderEvenWhenEmpty(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        let listed = try f.catalog.smartAlbums(includingCovers: false)
        #expect(listed.map(\.album.title) == ["All Photos", "Favorites", "Videos", "Live Photos", "Selfies", "Portrait", "Animated", "RAW",
                                              "Panoramas", "Screenshots", "Screen Recordings", "Slo-mo", "Time-lapse", "Bursts",
                                              "Recently Added", "Hidden"])
        #expect(listed.map(\.count) == [5, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0])
        #expect(listed[1].coverAssetID == nil, "an empty smart album has no cover")
    }

    /// Newest first by capture date; an asset without one by the date it was added (row 4, now).
    @Test(arguments: CatalogBackend.all) func allPhotosShowsEveryShownAssetNewestFirst(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.fetched(AssetFetchOptions(album: SmartAlbum.allPhotos.reference)) == f.ids(4, 5, 1, 2, 3))
        let summary = try #require(try f.catalog.summary(of: SmartAlbum.allPhotos.reference))
        #expect(summary.coverAssetID == f[4] && summary.counts[.photo] == 3 && summary.counts[.gif] == 1 && summary.counts[.video] == 1)
    }

    @Test(arguments: CatalogBackend.all) func eachSubtypeAlbumShowsItsAssets(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        #expect(try s.fetched(.panoramas) == [s["pano.jpg"]])
        #expect(try s.fetched(.screenshots) == [s["shot.png"]])
        #expect(try s.fetched(.raw) == [s["raw.dng"]])
        #expect(try s.fetched(.animated) == [s["anim.webp"]])
        #expect(try s.fetched(.sloMo) == [s["slow.mov"]])
        #expect(try s.fetched(.videos) == [s.f[5], s["RPReplay_Final1692022000.MP4"], s["slow.mov"]], "newest first")
        #expect(try s.fetched(.selfies) == [s["selfie.heic"]])
        #expect(try s.fetched(.screenRecordings) == [s["RPReplay_Final1692022000.MP4"]])
        #expect(try s.fetched(.livePhotos) == [])
    }

    /// A rating of 5 makes a favorite until the person says otherwise; their mark outlives a
    /// re-ingest of the file.
    @Test(arguments: CatalogBackend.all) func favoritesAreFiveStarsOrThePersonsMark(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        #expect(try s.fetched(.favorites) == [s["starred.jpg"], s["raw.dng"]])
        try s.catalog.setFavorite(false, for: [s["raw.dng"]])
        try s.catalog.setFavorite(true, for: [s["pano.jpg"], s.f[1]])
        #expect(try s.fetched(.favorites) == [s.f[1], s["starred.jpg"], s["pano.jpg"]])
        let run = try s.catalog.beginRun(roots: ["/photos"])
        var again = AlbumFixture.draft("/photos/smart/pano.jpg", takenAt: "2022-01-01T10:00:00")
        again.subtypes = [.panorama]
        #expect(try s.catalog.record(again, run: run) == s["pano.jpg"])
        #expect(try s.fetched(.favorites) == [s.f[1], s["starred.jpg"], s["pano.jpg"]], "the mark outlives a re-ingest")
        try s.catalog.setFavorite(nil, for: [s["raw.dng"], s["pano.jpg"]])
        #expect(try s.fetched(.favorites) == [s.f[1], s["starred.jpg"], s["raw.dng"]], "cleared: the rating decides")
    }

    @Test(arguments: CatalogBackend.all) func markingAnUnknownAssetMarksNothing(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        #expect(throws: AlbumError.noSuchAsset(AlbumFixture.noSuchID)) {
            try s.catalog.setFavorite(true, for: [s["pano.jpg"], AlbumFixture.noSuchID])
        }
        #expect(try s.fetched(.favorites) == [s["starred.jpg"], s["raw.dng"]])
    }

    /// Everything recorded in this test was added just now; the last added comes first (ids
    /// grow in the order rows were recorded; a tie of the second goes to the larger id).
    @Test(arguments: CatalogBackend.all) func recentlyAddedHoldsWhatWasJustCataloguedLastAddedFirst(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        let shown = try s.fetched(.allPhotos)
        #expect(shown.count == 16)
        #expect(try s.fetched(.recentlyAdded) == shown.sorted(by: >))
    }

    /// The twin: every smart album fetches exactly what `SmartAlbumMembership.admits` admits.
    @Test(arguments: CatalogBackend.all) func everyFetchAgreesWithItsRuleInSwift(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        try s.catalog.setFavorite(true, for: [s["shot.png"]])
        var shown: [AssetRecord] = []
        try s.catalog.fetchAssets(AssetFetchOptions()).forEach { shown.append($0) }
        let marks: [Int64: Bool] = [s["shot.png"]: true]
        for album in SmartAlbum.allCases {
            let admitted = shown.filter { asset in
                album.membership.admits(.init(kind: asset.kind, subtypes: asset.subtypes, favoriteMark: marks[asset.id],
                                              rating: asset.metadata.rating, addedAt: Date(), lensModel: asset.metadata.lensModel,
                                              fileName: URL(fileURLWithPath: asset.path).lastPathComponent), now: Date())
            }
            #expect(Set(try s.fetched(album)) == Set(admitted.map(\.id)), "\(album.title)")
        }
    }

    @Test(arguments: CatalogBackend.all) func aSmartAlbumIsFoundByTitleAndCannotBeEdited(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        #expect(try s.catalog.album(titled: "Panoramas") == AlbumReference(.smart, "Panoramas"))
        #expect(try s.catalog.album(titled: "slo-mo") == AlbumReference(.smart, "Slo-mo"))
        #expect(throws: AlbumError.reservedTitle("Favorites", by: .smart)) { try s.catalog.createAlbum(titled: "Favorites") }
        #expect(throws: AlbumError.smartAlbum("Panoramas")) { try s.catalog.setCover(s["pano.jpg"], of: SmartAlbum.panoramas.reference) }
        #expect(throws: AlbumError.smartAlbum("Panoramas")) { try s.catalog.addAssets([s["shot.png"]], to: "Panoramas") }
    }

    @Test(arguments: CatalogBackend.all) func aSmartAlbumsCoverImagesAreRecordedByTitle(backend: CatalogBackend) throws {
        let s = try SmartRows(backend)
        let cover = CoverRecord(name: "cover-512", recipe: "r1", width: 512, height: 512, relativePath: "covers/ab/pano.jpg")
        try s.catalog.recordCovers([cover], for: SmartAlbum.panoramas.reference)
        let listed = try s.catalog.smartAlbums(includingCovers: true)
        #expect(listed.first { $0.album.title == "Panoramas" }?.covers == [cover])
        #expect(listed.filter { !$0.covers.isEmpty }.count == 1)
        #expect(try s.catalog.summary(of: SmartAlbum.panoramas.reference)?.covers == [cover])
        #expect(try s.catalog.recordedCoverPaths().contains("covers/ab/pano.jpg"))
    }
}
