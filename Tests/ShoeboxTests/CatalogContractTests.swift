import Foundation
import Testing
@testable import Shoebox

/// The promises of `CatalogStore` (see its doc comment), checked against each backend.
/// Today the SQLite catalog; a PostgreSQL backend joins `backends` when it exists.
@Suite struct CatalogContractTests {
    static func backends() throws -> [(String, CatalogStore, TemporaryFolder)] {
        let folder = try TemporaryFolder()
        return [("sqlite", try SQLiteCatalog(path: folder.url.appendingPathComponent("catalog.sqlite").path), folder)]
    }

    func draft(_ path: String, hash: String = "aa11", run: Int64 = 1) -> AssetDraft {
        let status = SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2)
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: "/photos", status: status), existingID: nil)
        draft.contentHash = hash
        draft.displayedSize = PixelSize(width: 30, height: 20)
        draft.metadata.make = "Maker"
        draft.thumbnails = [ThumbnailRecord(name: "thumb", recipe: "r1", width: 3, height: 2, relativePath: "thumbs/aa/x.jpg")]
        return draft
    }

    @Test func recordingTheSamePathTwiceKeepsOneAsset() throws {
        for (name, catalog, _) in try Self.backends() {
            let run = try catalog.beginRun(roots: ["/photos"])
            let first = try catalog.record(draft("/photos/a.jpg"), run: run)
            var changed = draft("/photos/a.jpg", hash: "bb22")
            changed.thumbnails[0].recipe = "r2"
            let second = try catalog.record(changed, run: run)
            #expect(first == second, "\(name)")
            let asset = try #require(try catalog.asset(path: "/photos/a.jpg"))
            #expect(asset.contentHash == "bb22" && asset.thumbnails.map(\.recipe) == ["r2"], "\(name)")
        }
    }

    @Test func aFailureThenASuccessIsOneAsset() throws {
        for (name, catalog, _) in try Self.backends() {
            let run = try catalog.beginRun(roots: ["/photos"])
            let file = draft("/photos/a.jpg").file
            try catalog.recordFailure(IngestError(.damaged, path: file.path, reason: "broken"), file: file, contentHash: nil,
                                      existingID: nil, run: run)
            #expect(try catalog.asset(path: file.path)?.errorClass == .damaged, "\(name)")
            try catalog.record(draft(file.path), run: run)
            let asset = try #require(try catalog.asset(path: file.path))
            #expect(asset.status == .ok && asset.errorClass == nil && asset.errorMessage == nil, "\(name)")
            var count = 0
            try catalog.forEachAsset { _ in count += 1 }
            #expect(count == 1, "\(name)")
        }
    }

    @Test func relocatingMovesTheAssetWithItsThumbnails() throws {
        for (name, catalog, _) in try Self.backends() {
            let run = try catalog.beginRun(roots: ["/photos"])
            let id = try catalog.record(draft("/photos/a.jpg"), run: run)
            var moved = draft("/photos/2024/b.jpg").file
            moved.status.modifiedNanoseconds = 9
            try catalog.relocate(id, to: moved, run: run)
            #expect(try catalog.asset(path: "/photos/a.jpg") == nil, "\(name)")
            let asset = try #require(try catalog.asset(id: id))
            #expect(asset.path == "/photos/2024/b.jpg" && asset.thumbnails.count == 1, "\(name)")
            #expect(try catalog.entries(withContentHash: "aa11", notSeenIn: run + 1, limit: 8).map(\.id) == [id], "\(name)")
            #expect(try catalog.entries(withContentHash: "aa11", notSeenIn: run, limit: 8).isEmpty, "\(name)")
        }
    }

    @Test func onlyAssetsUnderTheRootAndUnseenAreMarkedMissing() throws {
        for (name, catalog, _) in try Self.backends() {
            let first = try catalog.beginRun(roots: ["/photos"])
            try catalog.record(draft("/photos/a.jpg"), run: first)
            try catalog.record(draft("/photos/b.jpg"), run: first)
            try catalog.record(draft("/photos-2/c.jpg"), run: first)
            let second = try catalog.beginRun(roots: ["/photos"])
            try catalog.markSeen([try #require(try catalog.entry(atPath: "/photos/a.jpg")).id], run: second)
            #expect(try catalog.markMissing(under: "/photos", notSeenIn: second) == 1, "\(name)")
            #expect(try catalog.asset(path: "/photos/b.jpg")?.missing == true, "\(name)")
            #expect(try catalog.asset(path: "/photos/a.jpg")?.missing == false, "\(name)")
            #expect(try catalog.asset(path: "/photos-2/c.jpg")?.missing == false, "\(name)")
        }
    }

    @Test func metadataRoundTripsExactly() throws {
        for (name, catalog, _) in try Self.backends() {
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
            #expect(try catalog.asset(path: "/photos/a.jpg")?.metadata == asset.metadata, "\(name)")
        }
    }
}
