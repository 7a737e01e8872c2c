import Dispatch
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Two queue workers recording a Live Photo's still and its video at the same moment, each in
/// its own transaction: the second to commit must find the first and pair them.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PairingRaceTests {
    func half(_ path: String, kind: AssetKind, format: MediaFormat) -> AssetDraft {
        let status = SourceFile.Status(size: 10, modifiedNanoseconds: 1, device: 1, inode: 1)
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: "/photos", status: status), existingID: nil)
        draft.kind = kind
        draft.format = format
        draft.contentHash = path
        draft.details.contentIdentifier = "6F0C1E2A-7B3D-4C5E-8F90-A1B2C3D4E5F6"
        if kind == .video { draft.details.durationSeconds = 2 }
        return draft
    }

    /// Whether some transaction of the database waits for a lock.
    func someoneWaits(_ watcher: PGConnection) throws -> Bool {
        try watcher.query("SELECT count(*) AS waiting FROM pg_locks WHERE NOT granted").first?.int("waiting") ?? 0 > 0
    }

    @Test func halvesRecordedAtOnceInTwoFoldersPair() throws {
        let uri = try PostgresServer.makeDatabase()
        let stillWorker = try PostgresCatalog(uri: uri), videoWorker = try PostgresCatalog(uri: uri)
        let stillRun = try stillWorker.beginRun(roots: ["/photos"]), videoRun = try videoWorker.beginRun(roots: ["/photos"])
        let still = half("/photos/a/IMG_0001.JPG", kind: .photo, format: .jpeg)
        let video = half("/photos/b/clip-0001.MOV", kind: .video, format: .mp4)
        let watcher = try PGConnection(conninfo: uri)
        let videoDone = DispatchSemaphore(value: 0)

        try stillWorker.write { db in
            _ = try PostgresCatalog.record(still, run: stillRun, livePhotoRules: .standard, db: db)
            DispatchQueue.global().async {
                _ = try? videoWorker.record(video, run: videoRun, livePhotoRules: .standard)
                videoDone.signal()
            }
            // The video's transaction commits without the still, or waits for the still's.
            while videoDone.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
                if try someoneWaits(watcher) { return }
            }
            videoDone.signal()   // it did not wait: give the signal back for the wait below
        }
        videoDone.wait()

        let rows = try watcher.query("SELECT path, kind, paired_asset_id FROM assets ORDER BY path").rows
        #expect(rows.map { $0.text("kind") } == ["livePhoto", "video"])
        #expect(rows.allSatisfy { !$0.isNull("paired_asset_id") })
    }
}
