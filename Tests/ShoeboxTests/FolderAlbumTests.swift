import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Folder albums from real ingests: titled by the folder's path relative to its root, and
/// following files that move.
@Suite struct FolderAlbumTests {
    func listing(_ library: TestLibrary) throws -> [String] {
        try library.catalog.albums().map { "\($0.album.kind.rawValue) \($0.album.title): \($0.counts)" }
    }

    @Test func foldersAreTitledByTheirPathUnderTheRoot() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("Pictures")
        let paris = root.appendingPathComponent("2024/Paris")
        try FileManager.default.createDirectory(at: paris, withIntermediateDirectories: true)
        for name in ["landscape_1.jpg", "landscape_6.jpg"] {
            try FileManager.default.copyItem(at: Fixtures.sample("orientation/\(name)"), to: paris.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: Fixtures.sample("panorama.jpg"), to: root.appendingPathComponent("panorama.jpg"))
        try library.ingest([root])
        #expect(try listing(library) == ["folder 2024/Paris: photo 2", "folder Pictures: photo 1"])
    }

    @Test func aFolderAlbumFollowsAFileThatMoves() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        let a = try library.folder.folder("photos/a", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        _ = try library.folder.folder("photos/b", copying: [Fixtures.sample("photo.webp")])
        try library.ingest([root])
        #expect(try listing(library) == ["folder a: photo 2", "folder b: photo 1"])
        try FileManager.default.moveItem(at: a.appendingPathComponent("tall.jpg"), to: root.appendingPathComponent("b/tall.jpg"))
        try library.ingest([root])
        #expect(try listing(library) == ["folder b: photo 2", "folder a: photo 1"])
        try FileManager.default.removeItem(at: a.appendingPathComponent("panorama.jpg"))
        try library.ingest([root])
        #expect(try listing(library) == ["folder b: photo 2"], "a folder whose files are all gone is no album")
    }

    @Test func aLivePhotoCountsOnceAsALivePhoto() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("live/by-name")])
        #expect(try listing(library) == ["folder by-name: livePhoto 1"])
        let still = try #require(try library.asset(at: Fixtures.sample("live/by-name/IMG_0002.jpg")))
        #expect(try library.catalog.summary(of: .folder("by-name"))?.coverAssetID == still.id)
    }

    @Test func failedFilesMakeNoAlbum() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("broken")])
        #expect(try listing(library) == [])
        #expect(try library.catalog.album(titled: "broken") == nil)
    }
}
