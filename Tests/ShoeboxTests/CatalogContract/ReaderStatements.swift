import Foundation
@testable import Shoebox
@testable import ShoeboxCatalog

/// The statements a catalog's reader connection sends while a test's body runs, as each
/// backend can tell them without a clock or a server log: what a read costs in statements,
/// and which tables it reads.
///
/// - SQLite: every statement the reader runs (`SQLiteStatementCounter`).
/// - PostgreSQL: the statements the reader prepares in the meantime, as the server lists them
///   (`pg_prepared_statements` of the reader's own session). The catalog prepares every
///   statement it sends (once per connection), so on a reader that has not run a statement
///   yet, one that is missing here was never sent. Run the body first thing on a fresh catalog.
enum ReaderStatements {
    static func sent(by catalog: any Catalog, during body: () throws -> Void) throws -> [String] {
        switch catalog {
        case let sqlite as SQLiteCatalog:
            let counter = try sqlite.read { SQLiteStatementCounter($0) }
            defer { _ = try? sqlite.read { _ in counter.stop() } }
            try body()
            return counter.statements
        case let postgres as PostgresCatalog:
            let before = Set(try prepared(by: postgres))
            try body()
            return try prepared(by: postgres).filter { !before.contains($0) }
        default:
            preconditionFailure("no way to list the statements of \(type(of: catalog))")
        }
    }

    /// The statements the PostgreSQL catalog's reader has prepared, in the order prepared.
    private static func prepared(by catalog: PostgresCatalog) throws -> [String] {
        try catalog.read { db in
            try db.query("SELECT statement FROM pg_prepared_statements ORDER BY prepare_time").rows.map { $0.text("statement") }
        }
    }

    /// Whether `sql` reads the cover records of every album: it reads `album_covers` without
    /// choosing one album's.
    static func readsEveryAlbumsCoverRecords(_ sql: String) -> Bool {
        sql.contains("FROM album_covers") && !sql.contains("WHERE album_id =")
    }

    /// Whether `sql` reads cover records at all.
    static func readsCoverRecords(_ sql: String) -> Bool {
        sql.contains("album_covers")
    }

    /// Whether `sql` reads every album's row: it reads `albums` without choosing one.
    static func readsEveryAlbumRow(_ sql: String) -> Bool {
        sql.contains("FROM albums") && !sql.contains("WHERE")
    }
}
