import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A catalog tells what it does while it works (a lost PostgreSQL connection opened again) to
/// the `CatalogNotices` it was opened with, never to stderr itself: the CLI prints the lines as
/// its other messages (`Output.catalogNotices`), and `QueueFaultTests` follows them there.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct CatalogNoticesTests {
    /// The lines a catalog told, for a test to wait on.
    final class Heard: @unchecked Sendable {
        private let condition = NSCondition()
        private var kept: [String] = []

        var lines: [String] { condition.withLock { kept } }

        func add(_ line: String) {
            condition.withLock {
                kept.append(line)
                condition.broadcast()
            }
        }

        /// Waits (at most a minute) until a line starting with `prefix` was told; true when one was.
        func wait(forLineStarting prefix: String) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            return condition.withLock {
                while !kept.contains(where: { $0.hasPrefix(prefix) }) {
                    if !condition.wait(until: deadline) { return false }
                }
                return true
            }
        }
    }

    @Test func aReconnectionIsToldToTheCatalogsNotices() throws {
        let cluster = try ThrowAwayCluster()
        let uri = try PostgresServer.makeDatabase(on: cluster.admin)
        let heard = Heard()
        let catalog = try PostgresCatalog(uri: uri, notices: CatalogNotices { heard.add($0) })
        try cluster.halt()

        let finished = DispatchSemaphore(value: 0)
        Thread {
            _ = try? catalog.asset(path: "/photos/none.jpg")   // its connection is gone: reconnects
            finished.signal()
        }.start()
        let waited = heard.wait(forLineStarting: "cannot reach the catalog (attempt 2 of ")
        try cluster.resume()
        finished.wait()

        #expect(waited, "\(heard.lines)")
        #expect(heard.lines.first?.hasPrefix("cannot reach the catalog (attempt 1 of ") == true, "\(heard.lines)")
        #expect(heard.lines.last?.hasPrefix("reconnected to the catalog at attempt ") == true, "\(heard.lines)")
    }
}
