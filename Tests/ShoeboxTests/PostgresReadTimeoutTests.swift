import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A command that only reads gives up a statement after 60 s on the server (a lock held
/// elsewhere, a stalled disk), unless the URI's `options=` or `PGOPTIONS` says otherwise; a
/// writing connection (ingest) keeps the server's setting.
@Suite struct PostgresReadTimeoutTests {
    @Test func aReadingConnectionAsksForTheStatementTimeoutBeforeTheURI() {
        let parameters = PGConnection.connectionParameters("postgresql:///photos", readingOnly: true, environment: [:])
        #expect(parameters.map(\.0) == ["connect_timeout", "options", "dbname"])
        #expect(parameters[1].1 == "-c statement_timeout=60s")
    }

    @Test func pgoptionsInTheEnvironmentIsLeftToLibpq() {
        let parameters = PGConnection.connectionParameters("postgresql:///photos", readingOnly: true,
                                                           environment: ["PGOPTIONS": "-c statement_timeout=5s"])
        #expect(parameters.map(\.0) == ["connect_timeout", "dbname"])
    }

    @Test(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
    func onTheServerOnlyTheReadingConnectionHasTheTimeout() throws {
        let uri = try PostgresServer.makeDatabase()
        let reading = try PGConnection(conninfo: uri, readingOnly: true)
        let writing = try PGConnection(conninfo: uri)
        let chosen = try PGConnection(conninfo: uri + (uri.contains("?") ? "&" : "?") + "options=-c%20statement_timeout%3D7s",
                                      readingOnly: true)

        #expect(try reading.query("SHOW statement_timeout").text(0, 0) == "1min")
        #expect(try writing.query("SHOW statement_timeout").text(0, 0) == "0")
        #expect(try chosen.query("SHOW statement_timeout").text(0, 0) == "7s")
    }
}
