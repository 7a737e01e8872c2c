import Dispatch
import Foundation

/// The embedded catalog: one SQLite file in WAL mode.
///
/// One writer connection on its own serial queue and one reader connection on another,
/// so lookups from the pipeline's planning stages never wait behind a commit. A catalog
/// opened `readingOnly` has no writer: it never writes the database (nor upgrades its
/// schema), so it reads a library on read-only media, or one the user may only read, and
/// every write throws `CatalogError.readOnly`.
final class SQLiteCatalog: CatalogStore, @unchecked Sendable {
    public let path: String
    private let writer: SQLiteConnection?
    private let reader: SQLiteConnection
    private let writeQueue = DispatchQueue(label: "shoebox.catalog.write")
    private let readQueue = DispatchQueue(label: "shoebox.catalog.read")

    /// Opens (or makes) the catalog for reading and writing, upgrading its schema.
    public init(path: String) throws {
        self.path = path
        do {
            let writer = try SQLiteConnection(path: path)
            try CatalogSchema.migrate(writer, path: path)
            self.writer = writer
            reader = try SQLiteConnection(path: path)
        } catch let error as SQLiteError {
            throw error.catalogError
        }
    }

    /// Opens an existing catalog to read it only (see `SQLiteConnection.reading`). Throws
    /// `CatalogError.olderSchema` for a catalog an older Shoebox wrote and nothing upgraded yet,
    /// since upgrading is writing.
    public init(readingOnly path: String) throws {
        self.path = path
        writer = nil
        do {
            reader = try SQLiteConnection.reading(path)
            let version = try reader.userVersion()
            if version > CatalogSchema.currentVersion {
                throw CatalogError.newerSchema(path: path, found: version, supported: CatalogSchema.currentVersion)
            }
            if version < CatalogSchema.currentVersion {
                throw CatalogError.olderSchema(path: path, found: version, current: CatalogSchema.currentVersion)
            }
        } catch let error as SQLiteError {
            throw error.catalogError
        }
    }

    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard let writer else { throw CatalogError.readOnly(path: path) }
        return try writeQueue.sync {
            defer { writer.resetStatements() }
            do { return try body(writer) } catch let error as SQLiteError { throw error.catalogError }
        }
    }

    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try readQueue.sync {
            defer { reader.resetStatements() }
            do { return try body(reader) } catch let error as SQLiteError { throw error.catalogError }
        }
    }

    // MARK: Lookups

    /// Two statements on the reader's own connection: the row, then its thumbnails.
    public func entry(atPath path: String) throws -> CatalogEntry? {
        try read { db in
            guard var entry = try db.first("SELECT \(CatalogEntries.columns) FROM assets WHERE path = ?", path,
                                           as: CatalogEntries.entryWithoutThumbnails(from:)) else { return nil }
            entry.thumbnails = CatalogEntries.byName(try CatalogRecords.thumbnails(of: [entry.id], in: Self.self, db: db)[entry.id] ?? [])
            return entry
        }
    }
}

extension SQLiteCatalog: CatalogDatabase {
    func writing<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try write { db in try db.transaction { try body(db) } }
    }

    func reading<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try read(body)
    }

    /// The thumbnails table has no column of its own for it: SQLite's rowid.
    static let thumbnailWriteOrder = "rowid"

    /// The file's folder album is worked out from its path where it is read (`FolderAlbumTitle`'s SQL twin).
    static func placeColumns(of file: DiscoveredFile) -> CatalogPlace {
        CatalogPlace(columns: placeColumnNames, values: [file.path, file.root, LivePhotoPairing.pairKey(forPath: file.path)])
    }

    static let placeColumnNames = ["path", "root", "pair_key"]
    static let recordingSQL = CatalogRecordingSQL(placeColumns: placeColumnNames, dialect: .sqlite)
}

extension SQLiteCatalog: ResourceReading, DuplicateFinding {
    /// A SQLite catalog is one machine's: no queue.
    var workQueue: (any WorkQueue)? { nil }
}

extension SQLiteCatalog: AlbumStore {}

extension SQLiteCatalog: AssetFetching {}

extension SQLiteCatalog: PlaceStore {}

extension SQLiteCatalog: MomentStore {}
