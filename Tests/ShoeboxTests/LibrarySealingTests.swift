import Foundation
import Synchronization
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The library is a sealed box: Shoebox writes and removes files only in a folder it made (or
/// an earlier version made), only through real folders of it, and only files it named.
@Suite struct LibrarySealingTests {
    let manager = FileManager.default

    func write(_ text: String, to url: URL) throws {
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func ingest(into library: URL, _ extra: String...) throws -> ShoeboxBinary.Result {
        try ShoeboxBinary.run(["ingest", Fixtures.sample("orientation").path, "--library", library.path] + extra)
    }

    @Test func aFolderOfTheUsersWithATmpFolderIsRefusedAndKeepsItsFiles() throws {
        let folder = try TemporaryFolder()
        let mine = folder.url.appendingPathComponent("D/tmp/precious.txt")
        try write("mine", to: mine)
        let result = try ingest(into: folder.url.appendingPathComponent("D"))
        #expect(result.status == 1)
        #expect(result.errors.contains("Error: \(folder.path)/D is not a Shoebox library: it holds files and no shoebox-library marker"))
        #expect(try String(contentsOf: mine, encoding: .utf8) == "mine")
        #expect(try manager.contentsOfDirectory(atPath: folder.path + "/D").sorted() == ["tmp"])
    }

    @Test func aMissingFolderBecomesALibraryWithItsMarker() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("new/library")
        #expect(try ingest(into: library).status == 0)
        let marker = try String(contentsOf: library.appendingPathComponent("shoebox-library"), encoding: .utf8)
        #expect(LibraryMarker.parse(marker) == LibraryMarker(format: 1))
    }

    /// Queue workers started together on one new library folder all seal it: whichever makes
    /// the marker first, the others take it, even when they look at the folder just as it
    /// appears (no marker yet at their first look, a non-empty folder at their second), or
    /// while its few bytes are being written.
    @Test func processesSealingOneNewFolderAtOnceAllTakeIt() throws {
        let folder = try TemporaryFolder()
        let failures = Mutex<[String]>([])
        for round in 0..<2000 {
            let library = Library(root: folder.url.appendingPathComponent("library-\(round)"))
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do { try library.seal() } catch { failures.withLock { $0.append("round \(round): \(error)") } }
            }
        }
        let failed = failures.withLock { $0 }
        #expect(failed.count == 0, "\(failed.count) seals failed, the first: \(failed.first ?? "")")
    }

    @Test func anEmptyFolderBecomesALibrary() throws {
        let folder = try TemporaryFolder()
        #expect(try ingest(into: folder.url).status == 0)
        #expect(manager.fileExists(atPath: folder.path + "/shoebox-library"))
    }

    @Test func aLibraryAnEarlierVersionMadeIsAdopted() throws {
        let folder = try TemporaryFolder()
        let library = Library(root: folder.url)
        _ = try SQLiteCatalog(path: library.catalogPath)   // what an earlier Shoebox left: a catalog, no marker
        try write("a scratch file of a killed run", to: folder.url.appendingPathComponent("tmp/77-3.part"))
        #expect(try ingest(into: folder.url).status == 0)
        #expect(manager.fileExists(atPath: folder.path + "/shoebox-library"))
        #expect(!manager.fileExists(atPath: folder.path + "/tmp/77-3.part"))
    }

    @Test func aMarkerOfANewerFormatIsRefused() throws {
        let folder = try TemporaryFolder()
        try write(LibraryMarker(format: 99).contents, to: folder.url.appendingPathComponent("shoebox-library"))
        let result = try ingest(into: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("has format 99, made by a newer Shoebox"))
        #expect(try manager.contentsOfDirectory(atPath: folder.path) == ["shoebox-library"])
    }

    @Test func onlyShoeboxScratchFilesAreRemovedFromTmp() throws {
        let folder = try TemporaryFolder()
        let library = Library(root: folder.url.appendingPathComponent("library"))
        try library.prepare()
        try write("leftover", to: library.scratchFolder.appendingPathComponent("4242-17.part"))
        try write("notes", to: library.scratchFolder.appendingPathComponent("notes.txt"))
        try library.prepare()
        #expect(try manager.contentsOfDirectory(atPath: library.scratchFolder.path) == ["notes.txt"])
    }

    @Test func aTmpFolderThatIsALinkIsAnErrorAndItsTargetIsUntouched() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library")
        #expect(try ingest(into: library).status == 0)
        let elsewhere = try folder.subfolder("elsewhere")
        try write("mine", to: elsewhere.appendingPathComponent("1-1.part"))
        try manager.removeItem(at: library.appendingPathComponent("tmp"))
        try manager.createSymbolicLink(atPath: library.path + "/tmp", withDestinationPath: elsewhere.path)
        let result = try ingest(into: library)
        #expect(result.status == 1)
        #expect(result.errors.contains("\(library.path)/tmp should be a folder of the library but is a symbolic link"))
        #expect(try manager.contentsOfDirectory(atPath: elsewhere.path) == ["1-1.part"])
    }

    @Test func aThumbnailFolderThatIsALinkIsNeverWrittenThrough() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library")
        let elsewhere = try folder.subfolder("elsewhere")
        try manager.createDirectory(at: library, withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: library.path + "/thumbs", withDestinationPath: elsewhere.path)
        try write(LibraryMarker().contents, to: library.appendingPathComponent("shoebox-library"))
        let result = try ingest(into: library)
        #expect(result.status == 1)
        #expect(result.errors.contains("\(library.path)/thumbs should be a folder of the library but is a symbolic link"))
        #expect(try manager.contentsOfDirectory(atPath: elsewhere.path) == [])
    }

    @Test func aCatalogThatIsALinkIsNeverWrittenThrough() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library")
        #expect(try ingest(into: library).status == 0)
        let theirs = folder.url.appendingPathComponent("their.sqlite")
        try manager.moveItem(at: library.appendingPathComponent("catalog.sqlite"), to: theirs)
        try? manager.removeItem(at: library.appendingPathComponent("catalog.sqlite-wal"))
        try? manager.removeItem(at: library.appendingPathComponent("catalog.sqlite-shm"))
        try manager.createSymbolicLink(atPath: library.path + "/catalog.sqlite", withDestinationPath: theirs.path)
        let before = try Data(contentsOf: theirs)
        let result = try ShoeboxBinary.run(["ingest", Fixtures.sample("panorama.jpg").path, "--library", library.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("catalog.sqlite"))
        #expect(try Data(contentsOf: theirs) == before)
    }

    @Test func coversNeverRemovesFilesThroughALinkedCoversFolder() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library")
        #expect(try ingest(into: library).status == 0)
        #expect(try ShoeboxBinary.run(["covers", "--library", library.path, "--size", "64"]).status == 0)
        let elsewhere = try folder.subfolder("elsewhere")
        let theirs = "ab/ab000000000000000000000000000000-0000000000000000.jpg"
        try write("not a cover of this library", to: elsewhere.appendingPathComponent(theirs))
        try manager.removeItem(at: library.appendingPathComponent("covers"))
        try manager.createSymbolicLink(atPath: library.path + "/covers", withDestinationPath: elsewhere.path)
        let result = try ShoeboxBinary.run(["covers", "--library", library.path, "--size", "64"])
        #expect(result.status == 1)
        #expect(manager.fileExists(atPath: elsewhere.appendingPathComponent(theirs).path))
    }

    @Test func theLibraryItselfIsNeverIngested() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library")
        #expect(try ingest(into: library).status == 0)
        for root in [library.path, library.path + "/thumbs"] {
            let result = try ShoeboxBinary.run(["ingest", root, "--library", library.path])
            #expect(result.status == 64)
            #expect(result.errors.contains("is the library \(library.path) or lies inside it; a library is never ingested"))
        }
    }

    /// The check walks up once per folder of the files given (`FolderIdentity`): a file of the
    /// library among files of a folder outside it is still found, wherever it comes.
    @Test func aFileOfTheLibraryAmongFilesOfAnotherFolderIsNeverIngested() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library")
        #expect(try ingest(into: library).status == 0)
        let thumbs = library.appendingPathComponent("thumbs").path
        let thumb = try #require(manager.subpathsOfDirectory(atPath: thumbs).sorted().first { $0.hasSuffix(".jpg") })
        let inside = thumbs + "/" + thumb
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        let outside = ["panorama.jpg", "tall.jpg"].map { photos.appendingPathComponent($0).path }
        for paths in [outside + [inside], [outside[0], inside, outside[1]]] {
            let result = try ShoeboxBinary.run(["ingest"] + paths + ["--library", library.path])
            #expect(result.status == 64)
            #expect(result.errors.contains("\(inside) is the library \(library.path) or lies inside it; a library is never ingested"))
        }
    }

    @Test func aRootHoldingTheLibraryCataloguesNoneOfItsFiles() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try manager.copyItem(at: Fixtures.sample("panorama.jpg"), to: photos.appendingPathComponent("panorama.jpg"))
        let library = photos.appendingPathComponent("library")
        for _ in 1...3 {
            #expect(try ShoeboxBinary.run(["ingest", photos.path, "--library", library.path]).status == 0)
        }
        let paths = try ShoeboxBinary.run(["list", "--library", library.path]).output
            .split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) ?? "" }
        #expect(paths == [photos.path + "/panorama.jpg"])
    }
}
