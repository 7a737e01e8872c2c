import Foundation
import Shoebox

/// The catalog from `--catalog URL`, `$SHOEBOX_CATALOG`, or the library's `catalog.sqlite`,
/// opened through `CatalogFactory` (docs/CATALOG.md).
///
/// An empty `--catalog` never gets here (`CommandLineArguments` refuses it); an empty
/// `$SHOEBOX_CATALOG` counts as unset, as an empty `$SHOEBOX_LIBRARY` does. A location that
/// names no catalog (an unknown scheme) is a usage error.
enum CatalogOption {
    static let name = "--catalog"

    static let help = """
          --catalog URL           The catalog: sqlite:PATH or a PATH (an SQLite file), or
                                  postgres://USER@HOST:PORT/DB (default: $SHOEBOX_CATALOG if set
                                  and not empty, else catalog.sqlite in the library; docs/CATALOG.md).
        """

    static func location(_ arguments: CommandLineArguments, library: Library) throws -> CatalogLocation {
        let variable = ProcessInfo.processInfo.environment["SHOEBOX_CATALOG"].flatMap { $0.isEmpty ? nil : $0 }
        let given: (text: String, source: String)
        if let option = arguments.value(name) {
            given = (option, name)
        } else if let variable {
            given = (variable, "SHOEBOX_CATALOG")
        } else {
            return .default(for: library)
        }
        do {
            return try CatalogLocation(parsing: given.text)
        } catch {
            throw UsageError("\(given.source): \(error)")
        }
    }

    /// Opens the catalog of an existing library. To read: read-only, so a library on read-only
    /// media, or one the user may only read, can be listed and shown; nothing is written,
    /// except that a catalog an older Shoebox wrote is upgraded first when it can be written
    /// (as every command always did), and that is said on stderr.
    static func open(_ arguments: CommandLineArguments, library: Library, for access: CatalogAccess = .reading) throws -> any Catalog {
        let location = try location(arguments, library: library)
        try requireCatalog(location, library: library)
        guard access == .reading else { return try CatalogFactory.open(location, for: .writing, notices: Output.catalogNotices) }
        do {
            return try CatalogFactory.open(location, for: .reading, notices: Output.catalogNotices)
        } catch let CatalogError.olderSchema(path, found, current) where isWritable(location) {
            _ = try CatalogFactory.open(location, for: .writing, notices: Output.catalogNotices)
            Output.error("note: upgraded the catalog \(path) from schema \(found) to \(current)")
            return try CatalogFactory.open(location, for: .reading, notices: Output.catalogNotices)
        }
    }

    /// A catalog to read moments from, what changed cut first (`MomentStore.updateMoments`)
    /// when this user may write it: an ingest keeps the moments, but a catalog an older
    /// Shoebox wrote, or one an ingest stopped early, has changes waiting. One this user may
    /// only read is read as kept.
    static func openWithMomentsUpdated(_ arguments: CommandLineArguments, library: Library) throws -> any Catalog {
        guard isWritable(try location(arguments, library: library)) else { return try open(arguments, library: library) }
        let catalog = try open(arguments, library: library, for: .writing)
        _ = try catalog.updateMoments()
        return catalog
    }

    /// An SQLite catalog that is not there: no library yet (the default), or a wrong path.
    private static func requireCatalog(_ location: CatalogLocation, library: Library) throws {
        guard let path = location.sqlitePath, !FileManager.default.fileExists(atPath: path) else { return }
        if location == .default(for: library) {
            throw UsageError("no library at \(library.root.path) (run `shoebox ingest` first, or pass --library)")
        }
        throw UsageError("no catalog at \(location) (run `shoebox ingest --catalog` first, or pass another --catalog)")
    }

    /// Whether an older schema may be upgraded: an SQLite file (and its folder, for the WAL)
    /// this user may write; a server decides for itself.
    private static func isWritable(_ location: CatalogLocation) -> Bool {
        guard let path = location.sqlitePath else { return true }
        let folder = (path as NSString).deletingLastPathComponent
        return access(folder, W_OK) == 0 && access(path, W_OK) == 0
    }
}
