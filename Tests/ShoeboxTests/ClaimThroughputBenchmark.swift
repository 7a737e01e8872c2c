import Dispatch
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Claim throughput with 8 concurrent claimers on the test server (not a timed test): run with
/// `SHOEBOX_BENCH_QUEUE=1 swift test --filter ClaimThroughputBenchmark`, skipped otherwise.
///
/// `SHOEBOX_BENCH_QUEUE_ITEMS` items (default 4,000) are enqueued, then 8 threads, each on its
/// own catalog connection, claim batches until none is left: claiming alone, and claiming then
/// completing each item (what a worker's queue traffic is, without its catalog writes).
/// Prints one `bench` line per batch size and mode: items per second, claim calls per second.
///
/// With `SHOEBOX_BENCH_QUEUE_URI` (scripts/bench-postgres.sh), the claimers work on that
/// catalog's queue as it is (nothing enqueued) and stop after `SHOEBOX_BENCH_QUEUE_ITEMS`
/// items in all, an eighth each: claim throughput on a large queue, not an emptied one.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct ClaimThroughputBenchmark {
    static let environment = ProcessInfo.processInfo.environment
    static let enabled = environment["SHOEBOX_BENCH_QUEUE"] != nil
    static let claimers = 8
    static let existingQueue = environment["SHOEBOX_BENCH_QUEUE_URI"]

    @Test(.enabled(if: enabled, "set SHOEBOX_BENCH_QUEUE=1"), arguments: [(1, false), (10, false), (1, true), (10, true)])
    func claimThroughput(batch: Int, completing: Bool) throws {
        let count = Int(Self.environment["SHOEBOX_BENCH_QUEUE_ITEMS"] ?? "") ?? 4_000
        let uri = try Self.existingQueue ?? Self.makeQueue(count)
        // Each claimer's share of the items: all there are in a queue made here.
        let quota = Self.existingQueue == nil ? Int.max : count / Self.claimers
        let catalogs = try (0..<Self.claimers).map { _ in try PostgresCatalog(uri: uri) }
        let log = ClaimLog()
        let calls = ClaimLog()
        let finished = DispatchGroup()
        let gate = DispatchSemaphore(value: 0)
        for index in 0..<Self.claimers {
            finished.enter()
            Thread {
                defer { finished.leave() }
                gate.wait()
                let worker = WorkerIdentity(id: "bench\(index)", host: "bench", pid: Int32(index))
                do {
                    var taken = 0
                    while taken < quota, case let claims = try catalogs[index].claim(batch: batch, worker: worker, lease: .seconds(600)),
                          !claims.isEmpty {
                        taken += claims.count
                        calls.add([1], claimer: index)
                        if completing { for claim in claims { try catalogs[index].complete(claim, outcome: .done) } }
                        log.add(claims.map(\.item), claimer: index)
                    }
                } catch {
                    log.fail(error)
                }
            }.start()
        }
        let started = Date()
        for _ in 0..<Self.claimers { gate.signal() }
        finished.wait()
        let seconds = Date().timeIntervalSince(started)
        #expect(log.failures == [])
        let claimed = Set(log.items).count
        #expect(claimed == (Self.existingQueue == nil ? count : quota * Self.claimers))
        print(String(format: "bench queue: %d claimers, batch %d, %@: %.0f items/s, %.0f claim calls/s (%d items, %.2f s)",
                     Self.claimers, batch, completing ? "claim + complete each" : "claim only",
                     Double(claimed) / seconds, Double(calls.items.count) / seconds, claimed, seconds))
    }

    /// A fresh catalog on the test server whose queue holds `count` pending items.
    static func makeQueue(_ count: Int) throws -> String {
        let uri = try PostgresServer.makeDatabase()
        let setup = try PostgresCatalog(uri: uri)
        let status = SourceFile.Status(size: 1, modifiedNanoseconds: 1, device: 0, inode: 0)
        for start in stride(from: 0, to: count, by: 1_000) {
            try setup.enqueue((start..<min(start + 1_000, count)).map {
                DiscoveredFile(path: "/bench/\($0 / 100)/IMG_\($0).jpg", root: "/bench", status: status)
            }, run: 1)
        }
        return uri
    }
}
