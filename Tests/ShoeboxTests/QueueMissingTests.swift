import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Queue workers (a PostgreSQL catalog) flag the assets whose files are gone from disk, as an
/// ingest with SQLite does: a worker whose walk of a root completed flags the assets under
/// the root that its walk did not find, once nobody works under the root any more; a worker
/// stopped by a signal, or a root that is empty or gone, flags nothing. docs/CATALOG.md, "The work queue".
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct QueueMissingTests {
    /// A root of `count` distinct JPEGs, ingested once by one worker; its files' paths, sorted.
    static func ingestedRoot(_ count: Int, folder: TemporaryFolder, library: String, uri: String) throws -> (URL, [String]) {
        let root = try QueueIngestTests.distinctJPEGs(count, in: folder)
        _ = try QueueRerunTests.ingest(root, library: library, uri: uri)
        let paths = try QueueIngestTests.listedPaths(library: library, uri: uri).sorted()
        #expect(paths.count == count)
        return (root, paths)
    }

    /// Adds `count` JPEGs to `folder`, each with content of its own (unlike any of
    /// `QueueIngestTests.distinctJPEGs`, so none looks like a moved file).
    static func addJPEGs(_ count: Int, to folder: URL) throws {
        let sample = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let comment = Array("shoebox queue missing test \(index)".utf8)
            let length = UInt16(comment.count + 2)
            var bytes = Data(sample.prefix(2))   // SOI, then a comment segment
            bytes.append(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment)
            bytes.append(sample.dropFirst(2))
            try bytes.write(to: folder.appendingPathComponent("more-\(index).jpg"))
        }
    }

    /// The paths of the catalog's assets flagged missing, sorted.
    static func missingPaths(_ uri: String) throws -> [String] {
        var missing: [String] = []
        try PostgresCatalog(uri: uri).forEachAsset { if $0.missing { missing.append($0.path) } }
        return missing.sorted()
    }

    /// The paths a worker reported as missing (`{"event":"missing"}` lines), sorted.
    static func reportedMissing(_ result: ShoeboxBinary.Result) -> [String] {
        result.output.split(separator: "\n").filter { $0.hasPrefix("{\"event\":\"missing\"") }.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["path"] as? String
        }.sorted()
    }

    static func warnings(_ result: ShoeboxBinary.Result) -> [String] {
        guard let line = result.output.split(separator: "\n").last(where: { $0.hasPrefix("{\"event\":\"summary\"") }),
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return [] }
        return object["warnings"] as? [String] ?? []
    }

    @Test func aFileDeletedBetweenTwoRunsIsFlaggedMissingAfterTheSecond() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let (root, paths) = try Self.ingestedRoot(3, folder: folder, library: library, uri: uri)
        try FileManager.default.removeItem(atPath: paths[1])

        let second = try QueueRerunTests.ingest(root, library: library, uri: uri)

        #expect(Self.reportedMissing(second) == [paths[1]])
        #expect(WorkerProcess.summaryCount(second, "missing") == 1)
        #expect(Self.warnings(second) == [])
        #expect(try Self.missingPaths(uri) == [paths[1]])
    }

    @Test func aFileThatComesBackIsNoLongerMissing() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let (root, paths) = try Self.ingestedRoot(3, folder: folder, library: library, uri: uri)
        let aside = folder.url.appendingPathComponent("aside.jpg").path
        try FileManager.default.moveItem(atPath: paths[0], toPath: aside)
        _ = try QueueRerunTests.ingest(root, library: library, uri: uri)
        #expect(try Self.missingPaths(uri) == [paths[0]])
        try FileManager.default.moveItem(atPath: aside, toPath: paths[0])

        let third = try QueueRerunTests.ingest(root, library: library, uri: uri)

        #expect(Self.reportedMissing(third) == [])
        #expect(try Self.missingPaths(uri) == [])
        #expect(WorkerProcess.summaryCount(third, "unchanged") == 3)
    }

    /// A Live Photo whose video is gone comes apart, as with SQLite: the video is flagged
    /// missing, the still is a photo again.
    @Test func aLivePhotoWhoseVideoIsGoneComesApart() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let root = try folder.folder("root", copying: [Fixtures.sample("live/with-id/IMG_0001.JPG"),
                                                      Fixtures.sample("live/with-id/clip-0001.MOV")])
        let still = root.appendingPathComponent("IMG_0001.JPG").path, video = root.appendingPathComponent("clip-0001.MOV").path
        _ = try QueueRerunTests.ingest(root, library: library, uri: uri)
        #expect(try PostgresCatalog(uri: uri).asset(path: still)?.kind == .livePhoto)
        try FileManager.default.removeItem(atPath: video)

        let second = try QueueRerunTests.ingest(root, library: library, uri: uri)

        #expect(Self.reportedMissing(second) == [video])
        #expect(try Self.missingPaths(uri) == [video])
        #expect(try PostgresCatalog(uri: uri).asset(path: still)?.kind == .photo)
    }

    /// A worker stopped by SIGTERM flags nothing (its walk may have stopped short); the next
    /// run, which completes, flags the deleted file.
    @Test func aWorkerStoppedBySIGTERMFlagsNothing() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let (root, paths) = try Self.ingestedRoot(3, folder: folder, library: library, uri: uri)
        try FileManager.default.removeItem(atPath: paths[2])
        try Self.addJPEGs(600, to: root.appendingPathComponent("more"))   // work to stop in the middle of

        let worker = try QueueIngestTests.worker(root, library: library, uri: uri)
        #expect(worker.waitForEvents("ingested", count: 5))
        worker.signal(SIGTERM)
        let stopped = worker.finish()

        #expect(stopped.signalled && stopped.status == SIGTERM, "status \(stopped.status): \(stopped.errors)")
        #expect(Self.reportedMissing(stopped) == [])
        #expect(try Self.missingPaths(uri) == [])
        let completed = try QueueRerunTests.ingest(root, library: library, uri: uri)
        #expect(Self.reportedMissing(completed) == [paths[2]])
    }

    /// A root whose files are all gone (an unmounted disk's mount point) flags nothing.
    @Test func anEmptyRootFlagsNothing() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let (root, _) = try Self.ingestedRoot(3, folder: folder, library: library, uri: uri)
        try FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)

        let second = try QueueRerunTests.ingest(root, library: library, uri: uri)

        #expect(Self.reportedMissing(second) == [])
        #expect(try Self.missingPaths(uri) == [])
        #expect(Self.warnings(second) == ["\(root.path) holds no files (an unmounted disk?); its assets were not marked missing"])
    }

    /// A root that is gone flags nothing, and the worker says so and fails.
    @Test func aRootThatIsGoneFlagsNothing() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let (root, _) = try Self.ingestedRoot(3, folder: folder, library: library, uri: uri)
        try FileManager.default.removeItem(at: root)

        let second = try QueueRerunTests.ingest(root, library: library, uri: uri, status: 1)

        #expect(Self.reportedMissing(second) == [])
        #expect(try Self.missingPaths(uri) == [])
        #expect(WorkerProcess.summaryCount(second, "unreadableRoots") == 1)
        #expect(Self.warnings(second) == ["cannot open \(root.path): No such file or directory; its assets were not checked for missing files"])
    }

    /// Two workers over one root: the deleted file is flagged (by one of them, or both: the
    /// same flag), and nothing present is.
    @Test func twoWorkersOverOneRootFlagOnlyTheDeletedFile() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let library = folder.url.appendingPathComponent("library").path
        let (root, paths) = try Self.ingestedRoot(60, folder: folder, library: library, uri: uri)
        try FileManager.default.removeItem(atPath: paths[7])

        let workers = try (0..<2).map { _ in try QueueIngestTests.worker(root, library: library, uri: uri) }
        let results = workers.map { $0.finish() }

        for result in results { #expect(result.status == 0 && !result.signalled, "\(result.errors)") }
        #expect(Set(results.flatMap(Self.reportedMissing)) == [paths[7]])
        #expect(try Self.missingPaths(uri) == [paths[7]])
    }
}
