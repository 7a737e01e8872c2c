import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A library on read-only media, or one the user may only read, can be listed, shown and
/// browsed, and nothing in it is written: not the catalog, and no file beside it.
///
/// The reading commands run as a user who cannot write the library: as root (whom permission
/// bits do not stop, and CI runs as root) as `nobody` through `setpriv`, otherwise with the
/// library's write permissions taken away.
@Suite struct ReadOnlyLibraryTests {
    /// A library ingested from three samples by the binary, which closes its catalog cleanly
    /// (no `-wal` or `-shm` is left).
    struct IngestedLibrary {
        let folder: TemporaryFolder
        let library: Library

        init(folder: TemporaryFolder, library: Library) {
            self.folder = folder
            self.library = library
        }

        init() throws {
            folder = try TemporaryFolder()
            let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg"),
                                                               Fixtures.sample("orientation/landscape_6.jpg")])
            library = Library(root: folder.url.appendingPathComponent("library"))
            let ingest = try ShoeboxBinary.run(["ingest", photos.path, "--library", library.root.path])
            guard ingest.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        /// What each reading command prints, read while the library can be written.
        func readings() throws -> [String] {
            try Self.commands.map { arguments in try ShoeboxBinary.run(arguments + ["--library", library.root.path]).output }
        }

        /// What each reading command prints when run by a user who cannot write the library;
        /// each must succeed.
        func readingsWithoutWriting() throws -> [String] {
            try Self.commands.map { arguments in
                let result = try ReadOnlyLibraryTests.runAsReader(arguments + ["--library", library.root.path], library: library)
                #expect(result.status == 0 && result.errors.isEmpty, "\(arguments): \(result.errors)")
                return result.output
            }
        }

        static let commands = [["list"], ["list", "--json"], ["list", "--kind", "photo", "--sort", "-taken"], ["show", "1"],
                               ["albums"], ["albums", "--json"], ["duplicates"], ["duplicates", "--json"]]

        /// The library folder's files, with their sizes and modification times.
        func files() throws -> [String: String] {
            let names = try FileManager.default.contentsOfDirectory(atPath: library.root.path)
            return Dictionary(uniqueKeysWithValues: names.map { name in
                let status = SourceFile.status(ofPath: library.root.appendingPathComponent(name).path)
                return (name, status.map { "\($0.size) bytes, modified \($0.modifiedNanoseconds)" } ?? "a folder")
            })
        }
    }

    /// Runs `shoebox ARGUMENTS` as a user who may read `library` but not write it.
    static func runAsReader(_ arguments: [String], library: Library) throws -> ShoeboxBinary.Result {
        if geteuid() == 0 {
            return try ShoeboxBinary.run(arguments, launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
                                         executable: try copyNobodyCanRun(beside: library))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: library.root.path)
        let paths = [library.root.path] + names.map { library.root.appendingPathComponent($0).path }
        let modes = try paths.map { try FileManager.default.attributesOfItem(atPath: $0)[.posixPermissions] as? Int ?? 0o755 }
        for (path, mode) in zip(paths, modes) { chmod(path, mode_t(mode & ~0o222)) }
        defer { for (path, mode) in zip(paths, modes) { chmod(path, mode_t(mode)) } }
        return try ShoeboxBinary.run(arguments)
    }

    /// The built binary may lie in a folder `nobody` cannot enter (a clone under `/root`): a
    /// copy in the library's temporary folder, which anyone may enter, runs wherever the clone is.
    static func copyNobodyCanRun(beside library: Library) throws -> URL {
        let copy = library.root.deletingLastPathComponent().appendingPathComponent("shoebox-for-nobody")
        guard !FileManager.default.fileExists(atPath: copy.path) else { return copy }
        // Written through a close-on-exec descriptor, under another name, then renamed: a
        // process another test starts meanwhile would otherwise inherit the descriptor open for
        // writing, and running the copy would fail with "Text file busy" while it lives.
        let bytes = try Data(contentsOf: ShoeboxBinary.url)
        let partial = copy.path + ".partial"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(partial, copy.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return copy
    }

    @Test func aCleanlyClosedLibraryIsReadAndNothingIsWritten() throws {
        let ingested = try IngestedLibrary()
        let before = try ingested.files()
        #expect(before["catalog.sqlite-wal"] == nil && before["catalog.sqlite-shm"] == nil)

        let readings = try ingested.readingsWithoutWriting()
        #expect(try ingested.files() == before)
        #expect(try readings == ingested.readings())
    }

    /// A writer still has the catalog open: its latest commit is only in `catalog.sqlite-wal`,
    /// which a reader must see.
    @Test func aCatalogAWriterHasOpenIsReadWithItsLatestCommit() throws {
        let ingested = try IngestedLibrary()
        let writer = try SQLiteCatalog(path: ingested.library.catalogPath)
        _ = try writer.createAlbum(titled: "Only in the log")
        try writer.addAssets([1], to: "Only in the log")
        let expected = try ingested.readings()
        #expect(expected[4].contains("\tuser\tOnly in the log\t"))
        let before = try ingested.files()
        #expect(before["catalog.sqlite-wal"] != nil && before["catalog.sqlite-shm"] != nil)

        #expect(try ingested.readingsWithoutWriting() == expected)
        #expect(try ingested.files() == before)
        withExtendedLifetime(writer) {}
    }

    /// A copy of a library taken while a writer had it open, without the `-shm` index (which
    /// is only shared memory): the commits in its `-wal` are read all the same.
    @Test func aWriteAheadLogWithoutItsIndexIsRead() throws {
        let ingested = try IngestedLibrary()
        let writer = try SQLiteCatalog(path: ingested.library.catalogPath)
        _ = try writer.createAlbum(titled: "Only in the log")
        try writer.addAssets([1], to: "Only in the log")
        let expected = try ingested.readings()
        let copy = Library(root: ingested.folder.url.appendingPathComponent("copy"))
        try FileManager.default.createDirectory(at: copy.root, withIntermediateDirectories: false)
        for name in ["catalog.sqlite", "catalog.sqlite-wal"] {
            try FileManager.default.copyItem(at: ingested.library.root.appendingPathComponent(name),
                                             to: copy.root.appendingPathComponent(name))
        }
        withExtendedLifetime(writer) {}
        let copied = IngestedLibrary(folder: ingested.folder, library: copy)
        let before = try copied.files()

        #expect((SourceFile.status(ofPath: copy.catalogPath + "-wal")?.size ?? 0) > 0, "the album is only in the log")

        let readings = try copied.readingsWithoutWriting()
        #expect(readings[0] == expected[0] && readings[4] == expected[4])
        #expect(readings[4].contains("\tuser\tOnly in the log\t"))
        #expect(try copied.files() == before)
    }

    /// Reading a catalog an older Shoebox wrote needs an upgrade, which is writing: where the
    /// library can be written, a reading command makes it and says so; where it cannot, it
    /// says why it stops (status 1) and writes nothing.
    @Test func anOlderCatalogIsUpgradedOnlyWhereItCanBeWritten() throws {
        let folder = try TemporaryFolder()
        let library = Library(root: try folder.subfolder("library"))
        try CatalogSchema.migrate(try SQLiteConnection(path: library.catalogPath), path: library.catalogPath, upTo: 4)

        let refused = try Self.runAsReader(["list", "--library", library.root.path], library: library)
        #expect(refused.status == 1)
        #expect(refused.errors == "Error: \(library.catalogPath) has catalog schema 4, older than this Shoebox's "
                + "\(CatalogSchema.currentVersion): reading it needs an upgrade, which only a command that can write "
                + "the library makes (shoebox ingest)\n")
        #expect(try SQLiteConnection(path: library.catalogPath, access: .readOnly).userVersion() == 4)

        let upgraded = try ShoeboxBinary.run(["list", "--library", library.root.path])
        #expect(upgraded.status == 0 && upgraded.output.isEmpty)
        #expect(upgraded.errors == "note: upgraded the catalog \(library.catalogPath) from schema 4 to \(CatalogSchema.currentVersion)\n")
        #expect(try SQLiteConnection(path: library.catalogPath, access: .readOnly).userVersion() == CatalogSchema.currentVersion)
    }
}
