import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `shoebox gc`: removes exactly the thumbnails and covers nothing in the catalog refers to,
/// and nothing else.
@Suite struct GarbageCollectionTests {
    let manager = FileManager.default

    /// A library of samples/orientation made with the default pipeline, then again with
    /// bench-256: the default pipeline's 16 thumbnails are left over.
    final class TwoRecipeLibrary {
        let folder: TemporaryFolder
        let library: Library

        init() throws {
            folder = try TemporaryFolder()
            library = Library(root: folder.url.appendingPathComponent("library"))
            for pipeline in ["default", "bench-256"] {
                let result = try ShoeboxBinary.run(["ingest", Fixtures.sample("orientation").path,
                                                    "--library", library.root.path, "--pipeline", pipeline])
                #expect(result.status == 0)
            }
        }

        var referenced: Set<String> {
            get throws { try SQLiteCatalog(path: library.catalogPath).recordedThumbnailPaths() }
        }

        func thumbnailFiles() throws -> Set<String> {
            var files = Set<String>()
            for shard in try FileManager.default.contentsOfDirectory(atPath: library.root.path + "/thumbs") {
                for name in try FileManager.default.contentsOfDirectory(atPath: library.root.path + "/thumbs/" + shard) {
                    files.insert("thumbs/\(shard)/\(name)")
                }
            }
            return files
        }

        func gc(_ extra: String...) throws -> ShoeboxBinary.Result {
            try ShoeboxBinary.run(["gc", "--library", library.root.path] + extra)
        }
    }

    @Test func gcRemovesExactlyTheThumbnailsNoAssetRefersTo() throws {
        let library = try TwoRecipeLibrary()
        let referenced = try library.referenced
        #expect(referenced.count == 8)
        #expect(try library.thumbnailFiles().count == 24)
        let result = try library.gc()
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("removed 16 files ("))
        #expect(result.output.contains("16 thumbnails, 0 covers"))
        #expect(try library.thumbnailFiles() == referenced)
        #expect(try library.gc().output.hasPrefix("removed 0 files (0.0 MB)"))
    }

    @Test func aDryRunListsWhatItWouldRemoveAndRemovesNothing() throws {
        let library = try TwoRecipeLibrary()
        let before = try library.thumbnailFiles()
        let result = try library.gc("--dry-run")
        #expect(result.status == 0)
        let listed = result.output.split(separator: "\n").filter { $0.hasPrefix("would remove thumbs/") }
        #expect(Set(listed.map { String($0.dropFirst("would remove ".count)) }) == before.subtracting(try library.referenced))
        #expect(result.output.contains("would remove 16 files ("))
        #expect(try library.thumbnailFiles() == before)
    }

    /// A dry run only reads: on a library the user may only read (read-only media, another
    /// user's library) it lists what a gc would remove, as it does where it may write.
    @Test func aDryRunListsTheSameOnALibraryTheUserMayOnlyRead() throws {
        let library = try TwoRecipeLibrary()
        let before = try library.thumbnailFiles()
        let writable = try library.gc("--dry-run")
        let readOnly = try ReadOnlyLibraryTests.runAsReader(["gc", "--dry-run", "--library", library.library.root.path],
                                                            library: library.library)
        #expect(readOnly.status == 0, "\(readOnly.errors)")
        #expect(readOnly.output.contains("would remove 16 files ("))
        #expect(readOnly.output == writable.output)
        #expect(try library.thumbnailFiles() == before)
    }

    @Test func filesThatAreNotShoeboxsAndLinksAreLeftAlone() throws {
        let library = try TwoRecipeLibrary()
        let thumbs = library.library.root.appendingPathComponent("thumbs")
        let outside = library.folder.url.appendingPathComponent("outside.jpg")
        try Data("a photo of the user's".utf8).write(to: outside)
        try manager.createDirectory(at: thumbs.appendingPathComponent("ab"), withIntermediateDirectories: true)
        let linkName = "ab/ab" + String(repeating: "0", count: 30) + "-0000000000000000.jpg"
        try manager.createSymbolicLink(atPath: thumbs.appendingPathComponent(linkName).path, withDestinationPath: outside.path)
        try Data("notes".utf8).write(to: thumbs.appendingPathComponent("ab/notes.txt"))
        try manager.createDirectory(at: thumbs.appendingPathComponent("Holiday"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: thumbs.appendingPathComponent("Holiday/x.jpg"))
        #expect(try library.gc().status == 0)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "a photo of the user's")
        #expect((try? manager.destinationOfSymbolicLink(atPath: thumbs.appendingPathComponent(linkName).path)) == outside.path)
        #expect(manager.fileExists(atPath: thumbs.appendingPathComponent("ab/notes.txt").path))
        #expect(manager.fileExists(atPath: thumbs.appendingPathComponent("Holiday/x.jpg").path))
    }

    @Test func theCoversOfADeletedAlbumAreRemoved() throws {
        let library = try TwoRecipeLibrary()
        let path = library.library.root.path
        #expect(try ShoeboxBinary.run(["album", "create", "Trip", "--library", path]).status == 0)
        let id = try #require(try SQLiteCatalog(path: library.library.catalogPath)
            .asset(path: Fixtures.sample("orientation/landscape_1.jpg").path)).id
        #expect(try ShoeboxBinary.run(["album", "add", "Trip", "\(id)", "--library", path]).status == 0)
        #expect(try ShoeboxBinary.run(["covers", "--album", "Trip", "--size", "64", "--library", path]).status == 0)
        #expect(try ShoeboxBinary.run(["album", "delete", "Trip", "--library", path]).status == 0)
        let result = try library.gc()
        #expect(result.output.contains("16 thumbnails, 2 covers"))
        #expect(try manager.contentsOfDirectory(atPath: path + "/covers") == [])
    }

    /// A link where `thumbs/` should be is an error, dry run or not; its target keeps every file.
    @Test func aThumbnailFolderThatIsALinkIsAnErrorAndItsTargetKeepsItsFiles() throws {
        let library = try TwoRecipeLibrary()
        let thumbs = library.library.root.appendingPathComponent("thumbs")
        let elsewhere = library.folder.url.appendingPathComponent("elsewhere")
        try manager.moveItem(at: thumbs, to: elsewhere)
        try manager.createSymbolicLink(atPath: thumbs.path, withDestinationPath: elsewhere.path)
        for result in [try library.gc("--dry-run"), try library.gc()] {
            #expect(result.status == 1)
            #expect(result.errors.contains("\(thumbs.path) should be a folder of the library but is a symbolic link"))
        }
        let left = try manager.subpathsOfDirectory(atPath: elsewhere.path).filter { $0.hasSuffix(".jpg") }
        #expect(left.count == 24)
    }

    @Test func aFolderThatIsNotALibraryIsRefused() throws {
        let folder = try TemporaryFolder()
        let result = try ShoeboxBinary.run(["gc", "--library", folder.path])
        #expect(result.status == 64)
        #expect(result.errors.contains("no library at \(folder.path)"))
    }
}
