import Foundation
import Testing
@testable import Shoebox

/// A catalog backend under contract: its name, and `makeCatalog`, which opens the catalog
/// that belongs to a test's temporary folder (empty the first time; the same catalog again,
/// through a new handle, when called again with that folder: a second writer).
///
/// Every contract suite in this folder runs each behaviour against every backend in `all`,
/// taking ids from what the catalog returns, never assuming 1..n. A backend joins by one
/// entry in `all` (PostgreSQL: a `makeCatalog` that maps the folder to its own database or
/// schema on the test server).
struct CatalogBackend: Sendable, CustomTestStringConvertible {
    let name: String
    let makeCatalog: @Sendable (TemporaryFolder) throws -> any Catalog

    var testDescription: String { name }

    static let sqlite = CatalogBackend(name: "sqlite") { folder in
        try CatalogFactory.open(.sqlite(path: folder.url.appendingPathComponent("catalog.sqlite").path), for: .writing)
    }

    /// A database of its own on the test server (`PostgresServer`) for each folder: made the
    /// first time, its URI kept in the folder, so that a second handle opens the same one.
    static let postgres = CatalogBackend(name: "postgres") { folder in
        let note = folder.url.appendingPathComponent("postgres-uri")
        let uri = try (try? String(contentsOf: note, encoding: .utf8)) ?? {
            let made = try PostgresServer.makeDatabase()
            try made.write(to: note, atomically: true, encoding: .utf8)
            return made
        }()
        return try CatalogFactory.open(.postgres(uri: uri), for: .writing)
    }

    /// PostgreSQL is under contract wherever its test server runs (see `PostgresServer`; in
    /// CI always: a server that does not start fails these tests there).
    static let all: [CatalogBackend] = PostgresServer.isAvailable ? [.sqlite, .postgres] : [.sqlite]

    /// A new, empty catalog of this backend, with the folder that keeps it alive.
    func make() throws -> ContractCatalog {
        let folder = try TemporaryFolder()
        return ContractCatalog(backend: self, folder: folder, catalog: try makeCatalog(folder))
    }
}
