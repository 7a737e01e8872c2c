import Dispatch
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The work queue in a PostgreSQL catalog, against the real server: idempotent enqueueing,
/// claims that never overlap, leases that expire on the server's clock, fenced completions,
/// and completions that commit with the catalog write or not at all.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresWorkQueueTests {
    static let hour = Duration.seconds(3600)

    func file(_ path: String, size: Int64 = 100, mtime: Int64 = 5) -> DiscoveredFile {
        DiscoveredFile(path: path, root: "/photos",
                       status: SourceFile.Status(size: size, modifiedNanoseconds: mtime, device: 0, inode: 0))
    }

    func files(_ count: Int) -> [DiscoveredFile] {
        (0..<count).map { file(String(format: "/photos/%04d.jpg", $0)) }
    }

    func worker(_ name: String) -> WorkerIdentity {
        WorkerIdentity(id: name, host: "host-\(name)", pid: 100)
    }

    func draft(_ claim: Claim) -> AssetDraft {
        let status = SourceFile.Status(size: claim.size, modifiedNanoseconds: claim.modifiedNanoseconds, device: 1, inode: 2)
        return AssetDraft(file: DiscoveredFile(path: claim.path, root: claim.root, status: status), existingID: nil)
    }

    @Test func enqueueingAFileTwiceMakesOneItem() throws {
        let catalog = try PostgresCatalog(uri: try PostgresServer.makeDatabase())
        #expect(try catalog.enqueue([file("/photos/a.jpg")], run: 1) == 1)
        #expect(try catalog.enqueue([file("/photos/a.jpg")], run: 2) == 0)
        let status = try catalog.status(window: .seconds(60))
        #expect(status.pending == 1)
    }

    @Test func aFileChangedSinceIsANewItem() throws {
        let catalog = try PostgresCatalog(uri: try PostgresServer.makeDatabase())
        try catalog.enqueue([file("/photos/a.jpg", size: 100, mtime: 5)], run: 1)
        #expect(try catalog.enqueue([file("/photos/a.jpg", size: 100, mtime: 6), file("/photos/a.jpg", size: 101, mtime: 5)], run: 2) == 2)
        #expect(try catalog.status(window: .seconds(60)).pending == 3)
    }

    /// Quotes, backslashes, commas, braces and bytes that are not UTF-8 (as `PathText`) in a
    /// path: each is one element of the array bound to the INSERT, and comes back unchanged.
    @Test func pathsComeBackFromAClaimByteForByte() throws {
        let catalog = try PostgresCatalog(uri: try PostgresServer.makeDatabase())
        let paths = ["/photos/a \"b\",c{d}.jpg", "/photos/back\\slash.jpg", "/photos/" + PathText.encode([0x66, 0xFF, 0x2E, 0x6A]), "/photos/été.jpg"]
        try catalog.enqueue(paths.map { file($0) }, run: 1)
        let claims = try catalog.claim(batch: 10, worker: worker("a"), lease: Self.hour)
        #expect(claims.map(\.path) == paths)
        #expect(claims.map(\.root) == Array(repeating: "/photos", count: 4))
    }

    /// `claimers` workers, each on its own catalog connection, claim batches of 7 from 300
    /// items at once until none is left: no item is claimed twice, and every item is claimed.
    func concurrentClaimersShareTheItems(claimers: Int) throws {
        let uri = try PostgresServer.makeDatabase()
        try PostgresCatalog(uri: uri).enqueue(files(300), run: 1)
        let catalogs = try (0..<claimers).map { _ in try PostgresCatalog(uri: uri) }
        let log = ClaimLog()
        let done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for index in 0..<claimers {
            done.enter()
            Thread {
                defer { done.leave() }
                start.wait()
                do {
                    while case let claims = try catalogs[index].claim(batch: 7, worker: worker("w\(index)"), lease: Self.hour),
                          !claims.isEmpty {
                        log.add(claims.map(\.item), claimer: index)
                    }
                } catch {
                    log.fail(error)
                }
            }.start()
        }
        for _ in 0..<claimers { start.signal() }
        done.wait()
        #expect(log.failures == [])
        let all = log.items
        #expect(all.count == 300)
        #expect(Set(all).count == 300)
        #expect(try catalogs[0].status(window: .seconds(60)).claimed == 300)
    }

    @Test func twoConcurrentClaimersNeverShareAnItemAndGetThemAll() throws {
        try concurrentClaimersShareTheItems(claimers: 2)
    }

    @Test func eightConcurrentClaimersNeverShareAnItemAndGetThemAll() throws {
        try concurrentClaimersShareTheItems(claimers: 8)
    }

    /// 8 workers whose leases run out at once (lease zero) keep taking each other's items
    /// while they complete them: every item is completed exactly once, the late completions
    /// refused, and none is left.
    @Test func workersRacingOverExpiredLeasesCompleteEachItemOnce() throws {
        let uri = try PostgresServer.makeDatabase()
        try PostgresCatalog(uri: uri).enqueue(files(300), run: 1)
        let catalogs = try (0..<8).map { _ in try PostgresCatalog(uri: uri) }
        let completed = ClaimLog()
        let done = DispatchGroup()
        for index in 0..<8 {
            done.enter()
            Thread {
                defer { done.leave() }
                do {
                    while case let claims = try catalogs[index].claim(batch: 5, worker: worker("w\(index)"), lease: .zero),
                          !claims.isEmpty {
                        for claim in claims {
                            do {
                                try catalogs[index].complete(claim, outcome: .done)
                                completed.add([claim.item], claimer: index)
                            } catch WorkQueueError.claimLost {
                                continue
                            }
                        }
                    }
                } catch {
                    completed.fail(error)
                }
            }.start()
        }
        done.wait()
        #expect(completed.failures == [])
        #expect(completed.items.count == 300)
        #expect(Set(completed.items).count == 300)
        let status = try catalogs[0].status(window: .seconds(60))
        #expect((status.pending, status.claimed, status.done) == (0, 0, 300))
    }

    @Test func aLeasedItemIsNotClaimedByAnotherWorker() throws {
        let uri = try PostgresServer.makeDatabase()
        let first = try PostgresCatalog(uri: uri), second = try PostgresCatalog(uri: uri)
        try first.enqueue([file("/photos/a.jpg")], run: 1)
        #expect(try first.claim(batch: 5, worker: worker("a"), lease: Self.hour).count == 1)
        #expect(try second.claim(batch: 5, worker: worker("b"), lease: Self.hour) == [])
    }

    /// A lease of zero has run out as soon as the claim commits (the server's `now()` of any
    /// later transaction is past it): the next claim takes the item, with the next attempt,
    /// and the first worker's late completion is refused and changes nothing.
    @Test func anExpiredLeaseIsClaimedAgainAndTheFirstHoldersCompletionIsRefused() throws {
        let uri = try PostgresServer.makeDatabase()
        let first = try PostgresCatalog(uri: uri), second = try PostgresCatalog(uri: uri)
        try first.enqueue([file("/photos/a.jpg")], run: 1)
        let lapsed = try #require(try first.claim(batch: 1, worker: worker("a"), lease: .zero).first)
        let taken = try #require(try second.claim(batch: 1, worker: worker("b"), lease: Self.hour).first)
        #expect(taken.item == lapsed.item)
        #expect((lapsed.attempt, taken.attempt) == (1, 2))
        #expect(throws: WorkQueueError.claimLost(item: lapsed.item, attempt: 1, path: "/photos/a.jpg")) {
            try first.complete(lapsed, outcome: .done)
        }
        #expect(try first.renew([lapsed], lease: Self.hour) == [])
        #expect(try first.release([lapsed]) == 0)
        let status = try first.status(window: .seconds(60))
        #expect((status.claimed, status.done, status.workers.map(\.identity.id)) == (1, 0, ["b"]))
        try second.complete(taken, outcome: .done)
        #expect(try first.status(window: .seconds(60)).done == 1)
    }

    /// A file whose worker's lease ran out has waited longest: it is claimed before pending ones.
    @Test func expiredLeasesAreClaimedBeforePendingItems() throws {
        let uri = try PostgresServer.makeDatabase()
        let first = try PostgresCatalog(uri: uri), second = try PostgresCatalog(uri: uri)
        try first.enqueue(files(3), run: 1)
        let lapsed = try first.claim(batch: 2, worker: worker("a"), lease: .zero)
        try first.release([lapsed[0]])
        let taken = try second.claim(batch: 1, worker: worker("b"), lease: Self.hour)
        #expect(taken.map(\.path) == ["/photos/0001.jpg"])
    }

    /// A late `record(completing:)` is refused whole: the catalog does not get the asset.
    @Test func aLostClaimWritesNothingToTheCatalog() throws {
        let uri = try PostgresServer.makeDatabase()
        let first = try PostgresCatalog(uri: uri), second = try PostgresCatalog(uri: uri)
        try first.enqueue([file("/photos/a.jpg")], run: 1)
        let run = try first.beginRun(roots: ["/photos"])
        let lapsed = try #require(try first.claim(batch: 1, worker: worker("a"), lease: .zero).first)
        _ = try second.claim(batch: 1, worker: worker("b"), lease: Self.hour)
        #expect(throws: WorkQueueError.self) { try first.record(draft(lapsed), run: run, livePhotoRules: .standard, completing: lapsed) }
        #expect(try first.asset(path: "/photos/a.jpg") == nil)
    }

    @Test func aRenewedLeaseKeepsTheItemFromOthers() throws {
        let uri = try PostgresServer.makeDatabase()
        let first = try PostgresCatalog(uri: uri), second = try PostgresCatalog(uri: uri)
        try first.enqueue([file("/photos/a.jpg")], run: 1)
        let claims = try first.claim(batch: 1, worker: worker("a"), lease: .zero)
        #expect(try first.renew(claims, lease: Self.hour) == claims)
        #expect(try second.claim(batch: 1, worker: worker("b"), lease: Self.hour) == [])
    }

    @Test func releasedClaimsArePendingAgainForAnyWorker() throws {
        let uri = try PostgresServer.makeDatabase()
        let first = try PostgresCatalog(uri: uri), second = try PostgresCatalog(uri: uri)
        try first.enqueue(files(3), run: 1)
        let claims = try first.claim(batch: 2, worker: worker("a"), lease: Self.hour)
        #expect(try first.release(claims) == 2)
        let status = try first.status(window: .seconds(60))
        #expect((status.pending, status.claimed, status.workers) == (3, 0, []))
        let again = try second.claim(batch: 3, worker: worker("b"), lease: Self.hour)
        #expect(again.map(\.path) == ["/photos/0000.jpg", "/photos/0001.jpg", "/photos/0002.jpg"])
        #expect(again.map(\.attempt) == [2, 2, 1])
    }

    /// Released claims are fenced too: completing one afterwards is refused.
    @Test func aReleasedClaimCannotBeCompleted() throws {
        let catalog = try PostgresCatalog(uri: try PostgresServer.makeDatabase())
        try catalog.enqueue([file("/photos/a.jpg")], run: 1)
        let claims = try catalog.claim(batch: 1, worker: worker("a"), lease: Self.hour)
        try catalog.release(claims)
        #expect(throws: WorkQueueError.claimLost(item: claims[0].item, attempt: 1, path: "/photos/a.jpg")) {
            try catalog.complete(claims[0], outcome: .done)
        }
        #expect(try catalog.status(window: .seconds(60)).pending == 1)
    }

    @Test func recordingCompletesTheClaimInTheSameTransaction() throws {
        let catalog = try PostgresCatalog(uri: try PostgresServer.makeDatabase())
        try catalog.enqueue([file("/photos/a.jpg"), file("/photos/b.jpg")], run: 1)
        let run = try catalog.beginRun(roots: ["/photos"])
        let claims = try catalog.claim(batch: 2, worker: worker("a"), lease: Self.hour)
        let id = try catalog.record(draft(claims[0]), run: run, livePhotoRules: .standard, completing: claims[0])
        try catalog.recordFailure(IngestError(.damaged, path: claims[1].path, reason: "truncated"), file: draft(claims[1]).file, contentHash: nil,
                                  existingID: nil, run: run, completing: claims[1])
        #expect(try catalog.asset(id: id)?.path == "/photos/a.jpg")
        #expect(try catalog.asset(path: "/photos/b.jpg")?.status == .failed)
        let status = try catalog.status(window: .seconds(60))
        #expect((status.pending, status.claimed, status.done, status.failed) == (0, 0, 1, 1))
    }

    /// The server refuses the asset row (a trigger raises): the claim is not completed, the
    /// worker still holds it, and once the catalog accepts the write the same claim completes.
    @Test func aFailedCatalogWriteLeavesTheClaimHeld() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        try catalog.enqueue([file("/photos/a.jpg")], run: 1)
        let run = try catalog.beginRun(roots: ["/photos"])
        let claim = try #require(try catalog.claim(batch: 1, worker: worker("a"), lease: Self.hour).first)
        let admin = try PGConnection(conninfo: uri)
        try admin.execute("""
            CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
            CREATE TRIGGER refuse_assets BEFORE INSERT ON assets FOR EACH ROW EXECUTE FUNCTION refuse();
            """)
        let error = #expect(throws: CatalogError.self) {
            try catalog.record(draft(claim), run: run, livePhotoRules: .standard, completing: claim)
        }
        guard case let .failed(failure)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect((failure.library, failure.code, failure.message) == (.postgres, "P0001", "refused"))
        let status = try catalog.status(window: .seconds(60))
        #expect((status.claimed, status.done, status.workers.map(\.claimed)) == (1, 0, [1]))
        try admin.execute("DROP TRIGGER refuse_assets ON assets")
        _ = try catalog.record(draft(claim), run: run, livePhotoRules: .standard, completing: claim)
        #expect(try catalog.status(window: .seconds(60)).done == 1)
        #expect(try catalog.asset(path: "/photos/a.jpg") != nil)
    }

    /// Each worker's claims, lease and the items it finished, from the server.
    @Test func statusCountsItemsAndEachWorkersClaimsAndThroughput() throws {
        let uri = try PostgresServer.makeDatabase()
        let first = try PostgresCatalog(uri: uri), second = try PostgresCatalog(uri: uri)
        try first.enqueue(files(10), run: 1)
        let claims = try first.claim(batch: 4, worker: worker("a"), lease: Self.hour)
        try first.complete(claims[0], outcome: .done)
        try first.complete(claims[1], outcome: .done)
        try first.complete(claims[2], outcome: .failed(reason: "truncated"))
        _ = try second.claim(batch: 2, worker: worker("b"), lease: .zero)
        let status = try first.status(window: .seconds(300))
        #expect((status.pending, status.claimed, status.done, status.failed) == (4, 3, 2, 1))
        #expect(status.workers.map(\.identity) == [worker("a"), worker("b")])
        #expect(status.workers.map(\.claimed) == [1, 2])
        #expect(status.workers.map(\.finishedInWindow) == [3, 0])
        #expect(status.workers.map(\.hasExpiredLease) == [false, true])
        #expect(status.workers.allSatisfy { ($0.oldestClaimAge ?? -1) >= 0 })
    }
}
