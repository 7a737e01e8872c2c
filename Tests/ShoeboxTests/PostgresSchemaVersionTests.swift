import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A PostgreSQL catalog holds three migration lists (the catalog's, the work queue's, the kept
/// album counts'), each with its own version. A database where any of them is newer than this
/// Shoebox knows (a newer Shoebox wrote it) is refused, to read as to write, by one rule with
/// one message naming the list and both versions.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresSchemaVersionTests {
    /// Each list: its version table, how messages name it after the catalog, its version here.
    static let lists: [(table: String, label: String, current: Int)] = [
        ("shoebox_schema", "", PostgresSchema.currentVersion),
        ("shoebox_queue_schema", " (work queue)", PostgresQueueSchema.currentVersion),
        ("shoebox_album_counts_schema", " (album counts)", PostgresAlbumCountsSchema.currentVersion),
    ]

    /// A catalog made by this Shoebox, then given version `current + 1` of the list in `table`.
    func catalogFromANewerShoebox(table: String, current: Int) throws -> String {
        let uri = try PostgresServer.makeDatabase()
        _ = try PostgresCatalog(uri: uri)
        try PGConnection(conninfo: uri).query("INSERT INTO \(table) (version) VALUES ($1)", current + 1)
        return uri
    }

    @Test(arguments: [0, 1, 2])
    func aListNewerThanThisShoeboxIsRefusedToRead(_ index: Int) throws {
        let (table, label, current) = Self.lists[index]
        let uri = try catalogFromANewerShoebox(table: table, current: current)

        let error = #expect(throws: CatalogError.self) { try PostgresCatalog(readingOnly: uri) }

        #expect(error?.description == "\(PGConnection.redacted(uri))\(label) has catalog schema \(current + 1); this Shoebox reads up to \(current)")
    }

    @Test(arguments: [0, 1, 2])
    func aListNewerThanThisShoeboxIsRefusedToWrite(_ index: Int) throws {
        let (table, label, current) = Self.lists[index]
        let uri = try catalogFromANewerShoebox(table: table, current: current)

        let error = #expect(throws: CatalogError.self) { try PostgresCatalog(uri: uri) }

        #expect(error?.description == "\(PGConnection.redacted(uri))\(label) has catalog schema \(current + 1); this Shoebox reads up to \(current)")
    }

    /// A catalog an older Shoebox made before there was a work queue has none: it is read as it
    /// is (`status` then shows no work), while one without kept counts must be upgraded first.
    @Test func aCatalogWithoutAWorkQueueIsReadAndOneWithAnOlderQueueIsNot() throws {
        let uri = try PostgresServer.makeDatabase()
        _ = try PostgresCatalog(uri: uri)
        let admin = try PGConnection(conninfo: uri)
        try admin.query("DELETE FROM shoebox_queue_schema WHERE version > 1")
        let error = #expect(throws: CatalogError.self) { try PostgresCatalog(readingOnly: uri) }
        #expect(error?.description == "\(PGConnection.redacted(uri)) (work queue) has catalog schema 1, older than this Shoebox's "
            + "\(PostgresQueueSchema.currentVersion): reading it needs an upgrade, which only a command that can write the library makes (shoebox ingest)")

        try admin.execute("DROP TABLE shoebox_queue_schema")
        _ = try PostgresCatalog(readingOnly: uri)
    }
}
