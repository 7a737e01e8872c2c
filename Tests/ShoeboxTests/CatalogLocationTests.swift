import Foundation
import Testing
@testable import Shoebox

/// `--catalog URL` and `SHOEBOX_CATALOG` name one catalog: which backend, and what it opens.
@Suite struct CatalogLocationTests {
    static let cwd = FileManager.default.currentDirectoryPath

    @Test(arguments: [
        ("sqlite:/srv/photos/catalog.sqlite", CatalogLocation.sqlite(path: "/srv/photos/catalog.sqlite")),
        ("SQLite:/srv/c.sqlite", .sqlite(path: "/srv/c.sqlite")),
        ("/srv/photos/catalog.sqlite", .sqlite(path: "/srv/photos/catalog.sqlite")),
        ("/srv/photos/../c.sqlite", .sqlite(path: "/srv/c.sqlite")),
        ("sqlite:/srv/é/c:1.sqlite", .sqlite(path: "/srv/é/c:1.sqlite")),
        ("./backup:2024.sqlite", .sqlite(path: cwd + "/backup:2024.sqlite")),
        ("c.sqlite", .sqlite(path: cwd + "/c.sqlite")),
        ("sqlite:c.sqlite", .sqlite(path: cwd + "/c.sqlite")),
        ("postgres://shoebox@db.local:5432/photos", .postgres(uri: "postgres://shoebox@db.local:5432/photos")),
        ("postgresql://shoebox@/photos?host=/run/postgresql", .postgres(uri: "postgresql://shoebox@/photos?host=/run/postgresql")),
        ("PostgreSQL://h/db", .postgres(uri: "PostgreSQL://h/db")),
    ])
    func aLocationNamesItsBackend(text: String, expected: CatalogLocation) throws {
        #expect(try CatalogLocation(parsing: text) == expected)
    }

    @Test(arguments: [
        ("", CatalogLocationError.empty),
        ("sqlite:", .missingPath(scheme: "sqlite")),
        ("mysql://h/db", .unknownScheme("mysql")),
        ("file:/srv/c.sqlite", .unknownScheme("file")),
        ("backup:2024.sqlite", .unknownScheme("backup")),
    ])
    func textThatNamesNoCatalogIsRefused(text: String, expected: CatalogLocationError) {
        #expect(throws: expected) { try CatalogLocation(parsing: text) }
    }

    @Test func theDefaultIsTheLibrarysOwnSQLiteFile() {
        let library = Library(root: URL(fileURLWithPath: "/srv/library"))
        #expect(CatalogLocation.default(for: library) == .sqlite(path: "/srv/library/catalog.sqlite"))
    }

    /// Messages print the location; a password in it never reaches a terminal or a log.
    @Test(arguments: [
        ("postgres://shoebox:s3cret@db:5432/photos", "postgres://shoebox:***@db:5432/photos"),
        ("postgres://shoebox@db/photos", "postgres://shoebox@db/photos"),
        ("postgresql://db/photos", "postgresql://db/photos"),
        ("sqlite:/srv/c.sqlite", "/srv/c.sqlite"),
    ])
    func theDescriptionHidesAPassword(text: String, shown: String) throws {
        #expect(try CatalogLocation(parsing: text).description == shown)
    }

    /// A server that is not there: a typed connection error that names the location, its
    /// password hidden, on one line.
    @Test func aPostgreSQLLocationWithNoServerFailsCleanly() throws {
        for access in [CatalogAccess.reading, .writing] {
            let uri = "postgresql://shoebox:s3cret@/photos?host=/nonexistent"
            let error = #expect(throws: CatalogError.self) { try CatalogFactory.open(.postgres(uri: uri), for: access) }
            guard case let .cannotConnect(target, failure)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(target == "postgresql://shoebox:***@/photos?host=/nonexistent")
            #expect(failure.library == .postgres)
            #expect(failure.message.contains("/nonexistent/.s.PGSQL.5432") && !failure.message.contains("\n"))
        }
    }
}
