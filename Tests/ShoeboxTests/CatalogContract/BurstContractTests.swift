import Foundation
import Testing
@testable import Shoebox

/// Bursts on every backend: a burst (one folder's photos sharing a `BurstEvidence` key) is
/// shown as one photo, `BurstRepresentative`'s choice, which follows the pick, the cover and
/// what is on disk; the others come back with `includeBurstMembers`.
@Suite struct BurstContractTests {
    /// Three frames of a Motorola-named burst, the second its cover, beside one plain photo.
    struct Burst {
        let f: AlbumFixture
        var ids: [String: Int64] = [:]
        var catalog: any Catalog { f.catalog }
        static let frames = ["IMG_20240701_090000000_BURST000.jpg", "IMG_20240701_090000000_BURST001_COVER.jpg",
                             "IMG_20240701_090000000_BURST002.jpg"]

        init(_ backend: CatalogBackend, folder: String = "/photos/burst") throws {
            f = try AlbumFixture(backend)
            try add(Self.frames, in: folder)
        }

        mutating func add(_ names: [String], in folder: String) throws {
            let run = try f.catalog.beginRun(roots: ["/photos"])
            for (index, name) in names.enumerated() {
                var draft = AlbumFixture.draft("\(folder)/\(name)", takenAt: "2024-07-01T09:00:0\(index)")
                draft.details.burst = BurstEvidence.named(name)
                draft.subtypes = [.burst]
                ids[folder + "/" + name] = try f.catalog.record(draft, run: run)
            }
        }

        subscript(_ index: Int, in folder: String = "/photos/burst") -> Int64 { ids[folder + "/" + Self.frames[index]]! }

        func shown() throws -> [Int64] { try f.fetched(AssetFetchOptions(album: SmartAlbum.bursts.reference)) }
        func all() throws -> [Int64] { try f.fetched(AssetFetchOptions(includeBurstMembers: true)) }
    }

    @Test(arguments: CatalogBackend.all) func aBurstIsShownAsItsCover(backend: CatalogBackend) throws {
        let b = try Burst(backend)
        #expect(try b.shown() == [b[1]])
        let everything = try b.f.fetched(AssetFetchOptions())
        #expect(everything.contains(b[1]) && !everything.contains(b[0]) && !everything.contains(b[2]))
        #expect(try b.catalog.summary(of: SmartAlbum.bursts.reference)?.count == 1)
    }

    @Test(arguments: CatalogBackend.all) func burstMembersComeBackWhenAskedFor(backend: CatalogBackend) throws {
        let b = try Burst(backend)
        let members = try b.all()
        #expect(members.filter { [b[0], b[1], b[2]].contains($0) } == [b[0], b[1], b[2]], "in capture order")
        #expect(try b.f.fetched(AssetFetchOptions(includeBurstMembers: true)).count
                == b.f.fetched(AssetFetchOptions()).count + 2)
    }

    @Test(arguments: CatalogBackend.all) func thePersonsPickWinsOverTheCover(backend: CatalogBackend) throws {
        let b = try Burst(backend)
        try b.catalog.pickBurstRepresentative(b[2])
        #expect(try b.shown() == [b[2]])
        try b.catalog.pickBurstRepresentative(b[0])
        #expect(try b.shown() == [b[0]], "one pick a burst: the last one given")
        #expect(throws: AlbumError.notABurstFrame(b.f[1])) { try b.catalog.pickBurstRepresentative(b.f[1]) }
    }

    /// A burst without its cover's file is shown as its first frame; the cover back, as it.
    @Test(arguments: CatalogBackend.all) func aMissingCoverHandsTheBurstToTheFirstFrame(backend: CatalogBackend) throws {
        let b = try Burst(backend)
        let run = try b.catalog.beginRun(roots: ["/photos/burst"])
        try b.catalog.markSeen([b[0], b[2]], run: run)
        _ = try b.catalog.markMissing(under: "/photos/burst", notSeenIn: run)
        #expect(try b.shown() == [b[0]])
        try b.catalog.markSeen([b[1]], run: run)
        #expect(try b.shown() == [b[1]])
    }

    /// The same names in two folders are two bursts, each shown.
    @Test(arguments: CatalogBackend.all) func eachFolderHoldsItsOwnBurst(backend: CatalogBackend) throws {
        var b = try Burst(backend)
        try b.add(Burst.frames, in: "/photos/copy")
        #expect(Set(try b.shown()) == [b[1], b[1, in: "/photos/copy"]])
    }

    /// Hiding the photo a burst is shown as hides the burst; its members stay members.
    @Test(arguments: CatalogBackend.all) func hidingABurstsPhotoHidesTheBurst(backend: CatalogBackend) throws {
        let b = try Burst(backend)
        try b.catalog.setHidden(true, for: [b[1]])
        #expect(try b.shown() == [])
        #expect(try b.f.fetched(AssetFetchOptions(album: SmartAlbum.hidden.reference)) == [b[1]])
        #expect(try b.all().filter { [b[0], b[1], b[2]].contains($0) } == [b[0], b[2]])
    }

    /// A frame renamed out of its burst's names (a move, recorded on its row) is a photo of its
    /// own, shown again.
    @Test(arguments: CatalogBackend.all) func aFrameRenamedOutOfItsBurstIsShownAgain(backend: CatalogBackend) throws {
        let b = try Burst(backend)
        let run = try b.catalog.beginRun(roots: ["/photos"])
        var renamed = AlbumFixture.draft("/photos/burst/beach.jpg", takenAt: "2024-07-01T09:00:02")
        renamed.existingID = b[2]
        _ = try b.catalog.record(renamed, run: run)
        #expect(Set(try b.f.fetched(AssetFetchOptions())).isSuperset(of: [b[1], b[2]]))
        #expect(try b.shown() == [b[1]])
    }

    /// A frame re-ingested keeps the burst as it was; one that fails leaves it.
    @Test(arguments: CatalogBackend.all) func aFailedFrameLeavesItsBurst(backend: CatalogBackend) throws {
        let b = try Burst(backend)
        let run = try b.catalog.beginRun(roots: ["/photos"])
        let cover = AlbumFixture.draft("/photos/burst/" + Burst.frames[1], takenAt: nil)
        try b.catalog.recordFailure(IngestError(.damaged, path: cover.file.path, reason: "test"), file: cover.file,
                                    contentHash: nil, existingID: b[1], run: run)
        #expect(try b.shown() == [b[0]])
    }
}
