import Foundation
import Testing
@testable import Shoebox

/// The promises of `CatalogStore` (see its doc comment), checked against every backend in
/// `CatalogBackend.all`.
@Suite struct CatalogContractTests {
    func draft(_ path: String, hash: String = "aa11", run: Int64 = 1, root: String = "/photos") -> AssetDraft {
        let status = SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2)
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: root, status: status), existingID: nil)
        draft.contentHash = hash
        draft.displayedSize = PixelSize(width: 30, height: 20)
        draft.metadata.make = "Maker"
        draft.thumbnails = [ThumbnailRecord(name: "thumb", recipe: "r1", width: 3, height: 2, relativePath: "thumbs/aa/x.jpg")]
        return draft
    }

    @Test(arguments: CatalogBackend.all) func recordingTheSamePathTwiceKeepsOneAsset(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        let first = try catalog.record(draft("/photos/a.jpg"), run: run)
        var changed = draft("/photos/a.jpg", hash: "bb22")
        changed.thumbnails[0].recipe = "r2"
        let second = try catalog.record(changed, run: run)
        #expect(first == second)
        let asset = try #require(try catalog.asset(path: "/photos/a.jpg"))
        #expect(asset.contentHash == "bb22" && asset.thumbnails.map(\.recipe) == ["r2"])
    }

    @Test(arguments: CatalogBackend.all) func aFailureThenASuccessIsOneAsset(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        let file = draft("/photos/a.jpg").file
        try catalog.recordFailure(IngestError(.damaged, path: file.path, reason: "broken"), file: file, contentHash: nil,
                                  existingID: nil, run: run)
        #expect(try catalog.asset(path: file.path)?.errorClass == .damaged)
        try catalog.record(draft(file.path), run: run)
        let asset = try #require(try catalog.asset(path: file.path))
        #expect(asset.status == .ok && asset.errorClass == nil && asset.errorMessage == nil)
        var count = 0
        try catalog.forEachAsset { _ in count += 1 }
        #expect(count == 1)
    }

    @Test(arguments: CatalogBackend.all) func aFailureKeepsItsStageAndTheLibrarysCodeAndMessage(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        let file = draft("/photos/a.raf").file
        let refusal = MediaError.libraw(operation: "unpack", code: -100009, message: "Input/output error")
        try catalog.recordFailure(IngestError(.damaged, path: file.path, reason: "cannot develop the RAW", stage: .decode, causedBy: refusal),
                                  file: file, contentHash: nil, existingID: nil, run: run)
        let failed = try #require(try catalog.asset(path: file.path))
        #expect(failed.errorStage == .decode)
        #expect(failed.errorCause == LibraryCause(library: "LibRaw", code: "-100009", message: "unpack: Input/output error"))
        try catalog.record(draft(file.path), run: run)
        let healed = try #require(try catalog.asset(path: file.path))
        #expect(healed.errorStage == nil && healed.errorCause == nil)
    }

    @Test(arguments: CatalogBackend.all) func relocatingMovesTheAssetWithItsThumbnails(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        let id = try catalog.record(draft("/photos/a.jpg"), run: run)
        var moved = draft("/photos/2024/b.jpg").file
        moved.status.modifiedNanoseconds = 9
        try catalog.relocate(id, to: moved, run: run)
        #expect(try catalog.asset(path: "/photos/a.jpg") == nil)
        let asset = try #require(try catalog.asset(id: id))
        #expect(asset.path == "/photos/2024/b.jpg" && asset.thumbnails.count == 1)
        #expect(try catalog.entries(withContentHash: "aa11", notSeenIn: run + 1, limit: 8).map(\.id) == [id])
        #expect(try catalog.entries(withContentHash: "aa11", notSeenIn: run, limit: 8).isEmpty)
    }

    /// A sidecar-only change: the metadata and stamps are replaced, the rest is kept.
    /// Evidence read again without the pixels (a sidecar edited, an earlier reading): the
    /// draft is recorded as an ingest records it, everything it read included (the camera, the
    /// subtypes, the burst), and the thumbnails stay, the draft having made none.
    @Test(arguments: CatalogBackend.all) func refreshingMetadataRecordsTheEvidenceAndKeepsTheThumbnails(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        var first = draft("/photos/a.jpg")
        first.metadata.rating = 1
        first.metadata.keywords = ["old"]
        first.sidecarStamp = "xmp 10 1"
        let id = try catalog.record(first, run: run)
        var refreshed = draft("/photos/a.jpg")
        refreshed.thumbnails = []
        refreshed.metadata.make = "Other maker"
        refreshed.subtypes = [.panorama, .burst]
        refreshed.details.burst = BurstEvidence(key: "name:IMG_1_BURST", isCover: true)
        refreshed.metadata.rating = 5
        refreshed.metadata.title = "New"
        refreshed.metadata.keywords = ["a", "b \"quoted\""]
        refreshed.metadata.location = GPSLocation(latitude: 1.5, longitude: -2.25, altitude: -3)
        refreshed.metadata.locationSource = .takeoutGeoData
        refreshed.metadata.takenAt = "2019-01-01T00:00:00Z"
        refreshed.metadata.takenAtSource = .takeoutPhotoTakenTime
        refreshed.sidecarStamp = "xmp 12 2 json 30 3"
        try catalog.refreshMetadata(id, from: refreshed, run: run, livePhotoRules: .standard)
        let asset = try #require(try catalog.asset(id: id))
        #expect(asset.contentHash == "aa11" && asset.metadata.make == "Other maker" && asset.thumbnails.count == 1)
        #expect(asset.subtypes == [.panorama, .burst])
        #expect(asset.metadata.rating == 5 && asset.metadata.title == "New" && asset.metadata.keywords == ["a", "b \"quoted\""])
        #expect(asset.metadata.location == GPSLocation(latitude: 1.5, longitude: -2.25, altitude: -3))
        #expect(asset.metadata.locationSource == .takeoutGeoData)
        #expect(asset.metadata.takenAtSource == .takeoutPhotoTakenTime)
        let entry = try #require(try catalog.entry(atPath: "/photos/a.jpg"))
        #expect(entry.sidecarStamp == "xmp 12 2 json 30 3" && entry.readingVersion == EvidenceReading.version)
    }

    @Test(arguments: CatalogBackend.all) func onlyAssetsUnderTheRootAndUnseenAreMarkedMissing(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let first = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/a.jpg"), run: first)
        try catalog.record(draft("/photos/b.jpg"), run: first)
        try catalog.record(draft("/photos-2/c.jpg"), run: first)
        let second = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen([try #require(try catalog.entry(atPath: "/photos/a.jpg")).id], run: second)
        #expect(try catalog.markMissing(under: "/photos", notSeenIn: second) == ["/photos/b.jpg"])
        #expect(try catalog.asset(path: "/photos/b.jpg")?.missing == true)
        #expect(try catalog.asset(path: "/photos/a.jpg")?.missing == false)
        #expect(try catalog.asset(path: "/photos-2/c.jpg")?.missing == false)
    }

    /// Folder names are bytes: one that is not ASCII (`Café`: 4 characters, 5 bytes), or that
    /// holds bytes that are not UTF-8 (stored as `PathText` writes them, `\xff`), is a prefix of
    /// its files' paths like any other, and a name that only starts the same is not.
    @Test(arguments: CatalogBackend.all) func assetsUnderAFolderWhoseNameIsNotASCIIAreMarkedMissing(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let roots = ["/photos/Café", "/photos/name_\\xff\\xfe(", "/photos/\u{1F4F7}"]
        let first = try catalog.beginRun(roots: roots)
        for root in roots {
            try catalog.record(draft(root + "/kept.jpg"), run: first)
            try catalog.record(draft(root + "/gone.jpg"), run: first)
            try catalog.record(draft(root + "x/beside.jpg"), run: first)
        }
        let second = try catalog.beginRun(roots: roots)
        for root in roots {
            try catalog.markSeen([try #require(try catalog.entry(atPath: root + "/kept.jpg")).id], run: second)
            #expect(try catalog.markMissing(under: root, notSeenIn: second) == [root + "/gone.jpg"], "\(root)")
            #expect(try catalog.asset(path: root + "/gone.jpg")?.missing == true, "\(root)")
            #expect(try catalog.asset(path: root + "/kept.jpg")?.missing == false, "\(root)")
            #expect(try catalog.asset(path: root + "x/beside.jpg")?.missing == false, "\(root)")
        }
    }

    /// A folder album's title is cut from the path by the root's length: in characters on both
    /// sides, whatever the names hold.
    @Test(arguments: CatalogBackend.all) func foldersWhoseNamesAreNotASCIIAreTitledByTheirWholeNames(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let root = "/photos/Café"
        let run = try catalog.beginRun(roots: [root])
        for path in ["/a.jpg", "/Noël \u{1F384}/b.jpg", "/name_\\xff\\xfe(/c.jpg", "/Noël \u{1F384}/d\u{E9}t\u{E9}/e.jpg"] {
            try catalog.record(draft(root + path, root: root), run: run)
        }
        let titles = try catalog.albums().map(\.album.title).sorted()
        #expect(titles == ["Café", "Noël \u{1F384}", "Noël \u{1F384}/d\u{E9}t\u{E9}", "name_\\xff\\xfe("])
    }

    @Test(arguments: CatalogBackend.all) func metadataRoundTripsExactly(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        var asset = draft("/photos/a.jpg")
        asset.metadata = PhotoMetadata()
        asset.metadata.orientation = 6
        asset.metadata.takenAt = "2024-05-01T10:00:00.250+02:00"
        asset.metadata.takenAtSource = .exifDateTimeOriginal
        asset.metadata.make = "Café \u{1F4F7}"
        asset.metadata.iso = 400
        asset.metadata.fNumber = 2.8
        asset.metadata.exposureTime = 1.0 / 250
        asset.metadata.location = GPSLocation(latitude: -33.8568, longitude: 151.2153, altitude: -3.5)
        try catalog.record(asset, run: try catalog.beginRun(roots: ["/photos"]))
        #expect(try catalog.asset(path: "/photos/a.jpg")?.metadata == asset.metadata)
    }
}
