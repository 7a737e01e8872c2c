import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// How PostgreSQL's SQLSTATEs are classified, and what an ingest makes of a full disk; no
/// server needed.
@Suite struct PostgresErrorTests {
    @Test(arguments: [("40001", "serialization"), ("40P01", "serialization"), ("53100", "diskFull"),
                      ("23505", "unique"), ("08006", "lost"), ("57P01", "lost"), ("42P01", "server")])
    func sqlstatesAreClassified(sqlstate: String, expected: String) {
        let kind: String
        switch PostgresError.classify(sqlstate: sqlstate, message: "m", sql: nil) {
        case .serializationFailure: kind = "serialization"
        case .diskFull: kind = "diskFull"
        case .uniqueViolation: kind = "unique"
        case .connectionLost: kind = "lost"
        case .server: kind = "server"
        case .connectionFailed: kind = "failed"
        }
        #expect(kind == expected)
    }

    @Test func aFullDiskOnTheServerStopsAnIngestAsAFullLibrary() {
        let stopped = IngestStoppedError.fromCatalog(PostgresError.diskFull(message: "could not extend file").catalogError)
        guard case let .libraryFull(reason)? = stopped as? IngestStoppedError else { Issue.record("\(stopped)"); return }
        #expect(reason == "could not extend file")
    }
}
