import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `shoebox ingest` run again over an unchanged root with a PostgreSQL catalog (a queue
/// worker) decides each file as an ingest with SQLite does: a deleted thumbnail is made
/// again, a failed file is retried with `--retry-failed` and stays failed without it.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct QueueRerunTests {
    /// One worker's run to its end; `status` is its exit status (1 when a file failed).
    static func ingest(_ root: URL, library: String, uri: String, _ extra: [String] = [], status: Int32 = 0) throws -> ShoeboxBinary.Result {
        let result = try QueueIngestTests.worker(root, library: library, uri: uri, extra: extra).finish()
        #expect(result.status == status && !result.signalled, "\(result.errors)")
        return result
    }

    static func summary(_ result: ShoeboxBinary.Result) -> [String: Int] {
        ["ingested", "unchanged", "failed", "stillFailed"].reduce(into: [:]) { $0[$1] = WorkerProcess.summaryCount(result, $1) ?? -1 }
    }

    static func queueTotals(_ uri: String) throws -> [Int] {
        let status = try PostgresCatalog(uri: uri).status(window: .seconds(600))
        return [status.pending, status.claimed, status.done, status.failed]
    }

    @Test func aSecondIngestMakesDeletedThumbnailsAgain() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try QueueIngestTests.distinctJPEGs(2, in: folder)
        let library = folder.url.appendingPathComponent("library").path
        _ = try Self.ingest(root, library: library, uri: uri)
        let thumbnails = try QueueIngestTests.thumbnailFiles(library)
        #expect(thumbnails.count == 4)
        try FileManager.default.removeItem(atPath: thumbnails[0])

        let again = try Self.ingest(root, library: library, uri: uri)

        #expect(Self.summary(again) == ["ingested": 1, "unchanged": 1, "failed": 0, "stillFailed": 0])
        #expect(try QueueIngestTests.thumbnailFiles(library).sorted() == thumbnails.sorted())
        #expect(try Self.queueTotals(uri) == [0, 0, 2, 0])
    }

    static func brokenAndGood(_ folder: TemporaryFolder) throws -> URL {
        try folder.folder("photos", copying: [Fixtures.sample("broken/truncated.jpg"), Fixtures.sample("panorama.jpg")])
    }

    @Test func retryFailedRetriesAFailedFile() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try Self.brokenAndGood(folder)
        let library = folder.url.appendingPathComponent("library").path
        #expect(Self.summary(try Self.ingest(root, library: library, uri: uri, status: 1))["failed"] == 1)

        let retry = try Self.ingest(root, library: library, uri: uri, ["--retry-failed"], status: 1)

        #expect(Self.summary(retry) == ["ingested": 0, "unchanged": 1, "failed": 1, "stillFailed": 0])
        #expect(retry.output.contains("{\"event\":\"failed\"") && retry.output.contains("truncated.jpg"))
        #expect(try Self.queueTotals(uri) == [0, 0, 1, 1])
    }

    @Test func aSecondIngestWithoutRetryFailedLeavesAFailedFileFailed() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let root = try Self.brokenAndGood(folder)
        let library = folder.url.appendingPathComponent("library").path
        #expect(Self.summary(try Self.ingest(root, library: library, uri: uri, status: 1))["failed"] == 1)

        let again = try Self.ingest(root, library: library, uri: uri)

        #expect(Self.summary(again) == ["ingested": 0, "unchanged": 1, "failed": 0, "stillFailed": 1])
        #expect(try Self.queueTotals(uri) == [0, 0, 1, 1])
    }
}
