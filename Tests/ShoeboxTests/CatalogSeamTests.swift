import Foundation
import Testing

/// One catalog seam: the backend is chosen in `CatalogFactory` alone. Commands, the
/// profiler, the pipeline and the library's tools hold a protocol-typed catalog, so that a
/// second backend plugs in without touching them.
@Suite struct CatalogSeamTests {
    /// The SQLite backend's own files: its type, its connection, and its migrations.
    static func isSQLiteBackend(_ file: URL) -> Bool {
        file.path.contains("/Sources/ShoeboxCatalog/SQLite/")
    }

    @Test func onlyTheFactoryAndTheSQLiteBackendNameSQLiteCatalog() throws {
        let sources = Fixtures.repository.appendingPathComponent("Sources")
        var naming: [String] = []
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" && !Self.isSQLiteBackend(file) && file.lastPathComponent != "CatalogFactory.swift" {
            if try String(contentsOf: file, encoding: .utf8).contains("SQLiteCatalog") { naming.append(file.lastPathComponent) }
        }
        #expect(naming.sorted() == [])
    }
}
