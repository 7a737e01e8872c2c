import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `shoebox ingest` processes sharing one PostgreSQL catalog's work queue over the same root:
/// each file catalogued once, one thumbnail file per recipe, nothing left claimed.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct QueueIngestTests {
    /// A root of `count` JPEGs with distinct content (so distinct assets): one small sample,
    /// each copy with a comment segment of its own after the start marker, which decoders skip.
    static func distinctJPEGs(_ count: Int, in folder: TemporaryFolder) throws -> URL {
        let sample = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        let root = try folder.subfolder("photos")
        for index in 0..<count {
            let sub = try folder.subfolder("photos/\(index % 3)")
            let comment = Array("shoebox queue test \(index)".utf8)
            let length = UInt16(comment.count + 2)
            var bytes = Data(sample.prefix(2))   // SOI
            bytes.append(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment)
            bytes.append(sample.dropFirst(2))
            try bytes.write(to: sub.appendingPathComponent("photo-\(index).jpg"))
        }
        return root
    }

    /// The derivative files in the library's `thumbs/`.
    static func thumbnailFiles(_ library: String) throws -> [String] {
        let thumbs = URL(fileURLWithPath: library).appendingPathComponent("thumbs")
        let enumerator = FileManager.default.enumerator(at: thumbs, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map(\.path)
    }

    /// The catalog's assets' paths, as `shoebox list` prints them (the last column).
    static func listedPaths(library: String, uri: String) throws -> [String] {
        let list = try ShoeboxBinary.run(["list", "--library", library, "--catalog", uri])
        #expect(list.status == 0, "\(list.errors)")
        return list.output.split(separator: "\n").map { String($0.split(separator: "\t").last ?? "") }
    }

    static func worker(_ root: URL, library: String, uri: String, extra: [String] = []) throws -> WorkerProcess {
        try WorkerProcess(["ingest", root.path, "--library", library, "--catalog", uri, "--jobs", "1", "--json"] + extra)
    }

    @Test func twoWorkersOverOneRootCatalogEachFileOnce() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try Self.distinctJPEGs(120, in: folder)
        let library = folder.url.appendingPathComponent("library").path

        let workers = try (0..<2).map { _ in try Self.worker(root, library: library, uri: uri) }
        let results = workers.map { $0.finish() }

        for result in results { #expect(result.status == 0 && !result.signalled, "\(result.errors)") }
        let ingested = results.map { WorkerProcess.summaryCount($0, "ingested") ?? -1 }
        #expect(ingested.reduce(0, +) == 120, "each worker's ingested: \(ingested)")
        let paths = try Self.listedPaths(library: library, uri: uri)
        #expect(paths.count == 120)
        #expect(Set(paths).count == 120)
        #expect(try Self.thumbnailFiles(library).count == 240)   // thumb and preview, per asset
        let status = try PostgresCatalog(uri: uri).status(window: .seconds(600))
        #expect([status.pending, status.claimed, status.done, status.failed] as [Int] == [0, 0, 120, 0])
    }

    /// SIGTERM mid-run: the worker finishes the files in hand, gives its other claims back and
    /// ends by the signal; what it finished is catalogued, the rest is pending for anyone.
    /// 600 files (a few seconds of work) so that a test process slowed by other suites still
    /// signals the worker long before its end: with 120, a loaded run once saw it finish first.
    @Test func sigtermFinishesTheFilesInHandAndGivesTheOtherClaimsBack() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try Self.distinctJPEGs(600, in: folder)
        let library = folder.url.appendingPathComponent("library").path

        let worker = try Self.worker(root, library: library, uri: uri)
        #expect(worker.waitForEvents("ingested", count: 5))
        worker.signal(SIGTERM)
        let result = worker.finish()

        #expect(result.signalled && result.status == SIGTERM, "status \(result.status): \(result.errors)")
        #expect(result.errors.contains("shoebox: stopped by signal 15: the files in hand were finished, the other claims given back"))
        let status = try PostgresCatalog(uri: uri).status(window: .seconds(600))
        #expect(status.claimed == 0)
        #expect(status.failed == 0)
        #expect(status.done + status.pending == 600)
        #expect(status.pending > 0, "the worker stopped before the end")
        let paths = try Self.listedPaths(library: library, uri: uri)
        #expect(paths.count == status.done)
        #expect(try Self.thumbnailFiles(library).count == 2 * status.done)
    }

    /// A Live Photo's still and video recorded by two workers, one after the other, in either
    /// order: one Live Photo, its video paired and hidden, both items done.
    @Test(arguments: [true, false])
    func livePhotoHalvesDoneByTwoWorkersPair(stillFirst: Bool) throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try folder.folder("root", copying: [Fixtures.sample("live/with-id/IMG_0001.JPG"),
                                                      Fixtures.sample("live/with-id/clip-0001.MOV")])
        let library = folder.url.appendingPathComponent("library").path
        let halves = stillFirst ? ["IMG_0001.JPG", "clip-0001.MOV"] : ["clip-0001.MOV", "IMG_0001.JPG"]

        for half in halves {
            let worker = try Self.worker(root.appendingPathComponent(half), library: library, uri: uri)
            let result = worker.finish()
            #expect(result.status == 0, "\(result.errors)")
            #expect(WorkerProcess.summaryCount(result, "ingested") == 1)
        }

        let live = try ShoeboxBinary.run(["list", "--library", library, "--catalog", uri, "--kind", "livePhoto", "--json"])
        #expect(live.output.split(separator: "\n").count == 1)
        #expect(live.output.contains(root.appendingPathComponent("IMG_0001.JPG").path))
        #expect(try Self.listedPaths(library: library, uri: uri) == [root.appendingPathComponent("IMG_0001.JPG").path])
        let status = try PostgresCatalog(uri: uri).status(window: .seconds(600))
        #expect([status.pending, status.claimed, status.done, status.failed] as [Int] == [0, 0, 2, 0])
    }
}
