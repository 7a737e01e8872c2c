import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `shoebox status`, the built binary, against a queue on the real server.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct StatusCommandTests {
    let nas = WorkerIdentity(id: "w1", host: "nas", pid: 41)
    let laptop = WorkerIdentity(id: "w2", host: "laptop", pid: 7)

    /// 10 files: `nas` claimed 4 and finished 3 (2 done, 1 failed); `laptop` holds 2 whose
    /// leases ran out.
    func queue() throws -> String {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let status = SourceFile.Status(size: 1, modifiedNanoseconds: 1, device: 0, inode: 0)
        try catalog.enqueue((0..<10).map { DiscoveredFile(path: "/photos/\($0).jpg", root: "/photos", status: status) }, run: 1)
        let claims = try catalog.claim(batch: 4, worker: nas, lease: .seconds(3600))
        try catalog.complete(claims[0], outcome: .done)
        try catalog.complete(claims[1], outcome: .done)
        try catalog.complete(claims[2], outcome: .failed(reason: "truncated"))
        _ = try catalog.claim(batch: 2, worker: laptop, lease: .zero)
        return uri
    }

    @Test func printsTheCountsThenOneLinePerWorker() throws {
        let result = try ShoeboxBinary.run(["status", "--catalog", try queue(), "--window", "10"])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.prefix(4).map { $0 } == [["pending", "4"], ["claimed", "3"], ["done", "2"], ["failed", "1"]])
        #expect(lines.count == 6)
        // host, pid, id, claims, (age), leases, finished, per minute
        let workers = lines.dropFirst(4).map { [$0[0], $0[1], $0[2], $0[3], $0[4], $0[6], $0[7], $0[8]] }
        #expect(workers == [["worker", "laptop", "7", "w2", "2", "expired", "0", "0.0"],
                            ["worker", "nas", "41", "w1", "1", "ok", "3", "0.3"]])
        #expect(lines.dropFirst(4).allSatisfy { Double($0[5]).map { $0 >= 0 } == true })
    }

    @Test func jsonIsOneObjectWithTheWorkers() throws {
        let result = try ShoeboxBinary.run(["status", "--catalog", try queue(), "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["pending"] as? Int == 4 && object["claimed"] as? Int == 3)
        #expect(object["done"] as? Int == 2 && object["failed"] as? Int == 1)
        #expect(object["windowSeconds"] as? Int == 300)
        let workers = try #require(object["workers"] as? [[String: Any]])
        #expect(workers.map { $0["host"] as? String } == ["laptop", "nas"])
        #expect(workers.map { $0["leaseExpired"] as? Bool } == [true, false])
        #expect(workers.map { $0["finishedInWindow"] as? Int } == [0, 3])
        #expect(workers.map { $0["perMinute"] as? Double } == [0, 0.6])
        #expect(result.output.hasPrefix("{\"pending\":4,\"claimed\":3,\"done\":2,\"failed\":1,\"windowSeconds\":300,\"workers\":[{\"id\":\"w2\""))
    }

    /// A database whose catalog has no queue item yet: every count is 0, no worker line.
    @Test func anEmptyQueuePrintsZeros() throws {
        let uri = try PostgresServer.makeDatabase()
        _ = try PostgresCatalog(uri: uri)
        let result = try ShoeboxBinary.run(["status", "--catalog", uri])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "pending\t0\nclaimed\t0\ndone\t0\nfailed\t0\n")
    }

    /// A catalog made before the queue existed (no `work_queue` table), opened to read only:
    /// status shows an empty queue and makes no table.
    @Test func aCatalogWithoutTheQueueTablePrintsZeros() throws {
        let uri = try PostgresServer.makeDatabase()
        _ = try PostgresCatalog(uri: uri)
        let admin = try PGConnection(conninfo: uri)
        try admin.execute("DROP TABLE work_queue")
        let result = try ShoeboxBinary.run(["status", "--catalog", uri])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "pending\t0\nclaimed\t0\ndone\t0\nfailed\t0\n")
        #expect(try admin.query("SELECT to_regclass('work_queue') IS NULL AS absent").first?.bool("absent") == true)
    }
}

/// `shoebox status` where there is no queue, or no sensible window.
struct StatusCommandRefusalTests {
    @Test func anSQLiteCatalogHasNoQueue() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("catalog.sqlite").path
        _ = try SQLiteCatalog(path: path)
        let result = try ShoeboxBinary.run(["status", "--catalog", "sqlite:" + path])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors == "Error: \(path) is an SQLite catalog, which has no work queue: the queue and `status` need a PostgreSQL catalog (--catalog postgres://...)\n")
    }

    @Test func aWindowOfNoMinutesIsAUsageError() throws {
        let result = try ShoeboxBinary.run(["status", "--catalog", "postgresql:///nowhere", "--window", "0"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --window takes whole minutes from 1 to 10080, not 0\nUsage: shoebox status"))
    }
}
