import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Re-ingest decodes nothing unchanged; moved, touched, changed and vanished files are each
/// handled as a person would expect, and nothing is lost.
@Suite struct IncrementalIngestTests {
    let fileManager = FileManager.default

    func photos(_ folder: TemporaryFolder, _ name: String = "photos") throws -> URL {
        try folder.folder(name, copying: [
            Fixtures.sample("orientation/landscape_1.jpg"), Fixtures.sample("orientation/landscape_6.jpg"),
            Fixtures.sample("panorama.jpg"),
        ])
    }

    @Test func aSecondRunDecodesNothingUnchanged() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        let first = try library.ingest([root])
        #expect(first.ingested == 3)
        var decodedAgain: [String] = []
        let second = try library.ingest([root]) { if case let .ingested(path, _, _) = $0 { decodedAgain.append(path) } }
        #expect(decodedAgain == [])
        #expect(second.unchanged == 3 && second.ingested == 0 && second.failed == 0)
        #expect(try library.assets().count == 3)
    }

    @Test func aTouchedFileWithTheSameContentIsNotDecodedAgain() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let file = root.appendingPathComponent("panorama.jpg")
        try fileManager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: file.path)
        let summary = try library.ingest([root])
        #expect(summary.relocated == 1 && summary.ingested == 0 && summary.unchanged == 2)
        let asset = try #require(try library.asset(at: file))
        #expect(asset.modifiedNanoseconds == 1_000_000 * 1_000_000_000)
    }

    @Test func aChangedFileIsIngestedAgainUnderTheSameAsset() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let file = root.appendingPathComponent("panorama.jpg")
        let before = try #require(try library.asset(at: file))
        try fileManager.removeItem(at: file)
        try fileManager.copyItem(at: Fixtures.sample("tall.jpg"), to: file)
        let summary = try library.ingest([root])
        #expect(summary.ingested == 1)
        let after = try #require(try library.asset(at: file))
        #expect(after.id == before.id)
        #expect(after.contentHash != before.contentHash)
        #expect((after.width, after.height) == (60, 600))
    }

    @Test func aMovedFileKeepsItsAssetAndThumbnails() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let old = root.appendingPathComponent("landscape_6.jpg")
        let before = try #require(try library.asset(at: old))
        let newFolder = root.appendingPathComponent("2024/May")
        try fileManager.createDirectory(at: newFolder, withIntermediateDirectories: true)
        let new = newFolder.appendingPathComponent("renamed.jpg")
        try fileManager.moveItem(at: old, to: new)
        let summary = try library.ingest([root])
        #expect(summary.relocated == 1 && summary.ingested == 0 && summary.missing == 0)
        let after = try #require(try library.asset(at: new))
        #expect(after.id == before.id)
        #expect(after.thumbnails == before.thumbnails)
        #expect(try library.asset(at: old) == nil)
        #expect(try library.assets().count == 3)
    }

    @Test func aDeletedFileIsFlaggedMissingNotDropped() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let file = root.appendingPathComponent("landscape_1.jpg")
        let path = try #require(try library.asset(at: file)).path
        try fileManager.removeItem(at: file)
        let summary = try library.ingest([root])
        #expect(summary.missing == 1)
        let asset = try #require(try library.catalog.asset(path: path))
        #expect(asset.missing)
        #expect(asset.status == .ok)
    }

    @Test func aVanishedRootMarksNothingMissing() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let unmounted = library.folder.url.appendingPathComponent("unmounted")
        try fileManager.moveItem(at: root, to: unmounted)
        let summary = try library.ingest([root])
        #expect(summary.missing == 0)
        #expect(summary.warnings.count == 1)
        #expect(try library.assets().allSatisfy { !$0.missing })
    }

    @Test func anEmptyRootMarksNothingMissing() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        for file in try fileManager.contentsOfDirectory(atPath: root.path) {
            try fileManager.removeItem(at: root.appendingPathComponent(file))
        }
        let summary = try library.ingest([root])
        #expect(summary.missing == 0)
        #expect(summary.warnings.first?.contains("holds no files") == true)
        #expect(try library.assets().allSatisfy { !$0.missing })
    }

    @Test func failedFilesAreRetriedOnlyWhenAsked() throws {
        let library = try TestLibrary()
        let root = try library.folder.folder("photos", copying: [
            Fixtures.sample("broken/truncated.jpg"), Fixtures.sample("panorama.jpg"),
        ])
        #expect(try library.ingest([root]).failed == 1)
        let again = try library.ingest([root])
        #expect(again.failed == 0 && again.stillFailed == 1 && again.unchanged == 1)
        var retried: [String] = []
        let retry = try library.ingest([root], retryFailed: true) { if case let .failed(error) = $0 { retried.append(error.path) } }
        #expect(retry.failed == 1 && retry.unchanged == 1)
        #expect(retried.map { URL(fileURLWithPath: $0).lastPathComponent } == ["truncated.jpg"])
    }

    @Test func changingOneSpecRegeneratesOnlyThatSpec() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let file = root.appendingPathComponent("panorama.jpg")
        let before = try #require(try library.asset(at: file))
        var configuration = try Fixtures.pipeline()
        configuration.thumbnails[1].quality = 60
        let summary = try library.ingest([root], configuration: configuration)
        #expect(summary.ingested == 3)
        let after = try #require(try library.asset(at: file))
        #expect(after.thumbnails[0] == before.thumbnails[0])
        #expect(after.thumbnails[1].relativePath != before.thumbnails[1].relativePath)
        #expect(library.library.fileExists(after.thumbnails[1].relativePath))
    }

    @Test func identicalFilesShareTheirThumbnails() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try fileManager.copyItem(at: root.appendingPathComponent("panorama.jpg"), to: root.appendingPathComponent("copy.jpg"))
        try library.ingest([root])
        let original = try #require(try library.asset(at: root.appendingPathComponent("panorama.jpg")))
        let copy = try #require(try library.asset(at: root.appendingPathComponent("copy.jpg")))
        #expect(original.id != copy.id)
        #expect(original.thumbnails.map(\.relativePath) == copy.thumbnails.map(\.relativePath))
    }

    @Test func originalsAreNeverModified() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        let files = try fileManager.contentsOfDirectory(atPath: root.path).sorted()
        let before = try files.map { try Data(contentsOf: root.appendingPathComponent($0)) }
        let stamps = try files.map { try fileManager.attributesOfItem(atPath: root.appendingPathComponent($0).path)[.modificationDate] as? Date }
        try library.ingest([root])
        #expect(try files.map { try Data(contentsOf: root.appendingPathComponent($0)) } == before)
        #expect(try files.map { try fileManager.attributesOfItem(atPath: root.appendingPathComponent($0).path)[.modificationDate] as? Date } == stamps)
        #expect(try fileManager.contentsOfDirectory(atPath: root.path).sorted() == files)
    }
}

extension IncrementalIngestTests {
    @Test func twoCopiesOfOneMovedFileBecomeTwoAssets() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let old = root.appendingPathComponent("panorama.jpg")
        let before = try #require(try library.asset(at: old))
        try FileManager.default.copyItem(at: old, to: root.appendingPathComponent("a.jpg"))
        try FileManager.default.moveItem(at: old, to: root.appendingPathComponent("b.jpg"))
        let summary = try library.ingest([root])
        #expect(summary.relocated == 1 && summary.ingested == 1)
        let copies = try library.assets().filter { $0.contentHash == before.contentHash }
        #expect(copies.count == 2)
        #expect(copies.contains { $0.id == before.id })
    }
}

extension IncrementalIngestTests {
    @Test func renamingASpecRenamesItsThumbnailsWithoutReencoding() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let before = try #require(try library.asset(at: root.appendingPathComponent("panorama.jpg")))
        var configuration = try Fixtures.pipeline()
        configuration.thumbnails[0].name = "grid"
        try library.ingest([root], configuration: configuration)
        let after = try #require(try library.asset(at: root.appendingPathComponent("panorama.jpg")))
        #expect(after.thumbnails.map(\.name) == ["grid", "preview"])
        #expect(after.thumbnails.map(\.relativePath) == before.thumbnails.map(\.relativePath))
        #expect(try library.ingest([root], configuration: configuration).unchanged == 3)
    }
}

extension IncrementalIngestTests {
    /// A power cut soon after a thumbnail was renamed into place can leave its name with no
    /// data (thumbnails are not fsynced one by one): the next run makes it again.
    @Test func anEmptyThumbnailLeftByAPowerCutIsMadeAgain() throws {
        let library = try TestLibrary()
        let root = try photos(library.folder)
        try library.ingest([root])
        let asset = try #require(try library.asset(at: root.appendingPathComponent("landscape_1.jpg")))
        let thumbnail = try #require(asset.thumbnails.first)
        let file = library.library.absolutePath(thumbnail.relativePath)
        try Data().write(to: URL(fileURLWithPath: file))
        var decodedAgain: [String] = []
        let second = try library.ingest([root]) { if case let .ingested(path, _, _) = $0 { decodedAgain.append(path) } }
        #expect(decodedAgain == [root.appendingPathComponent("landscape_1.jpg").path])
        #expect(second.unchanged == 2)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(size > 0)
    }
}
