import Dispatch
import Foundation

/// The shared catalog: a PostgreSQL database, for libraries that several machines ingest into.
///
/// One writer connection on its own serial queue and one reader connection on another, as
/// the SQLite catalog has. Every write is one transaction (`PGIsolation.writing`: READ
/// COMMITTED; row locks and unique indexes keep concurrent writers apart, upserts are `ON
/// CONFLICT`); every read one REPEATABLE READ, READ ONLY transaction, so a listing, an album's
/// counts or a page with its thumbnails come from one snapshot. Transactions that lose to a
/// concurrent one run again, and a lost connection is opened again with back-off
/// (`PGConnection.transaction`). A catalog opened `readingOnly` has no writer: every write
/// throws `CatalogError.readOnly`, and a schema older than this Shoebox's is refused, not upgraded.
final class PostgresCatalog: @unchecked Sendable {
    /// The location as messages print it (no password).
    public let name: String
    private let writer: PGConnection?
    private let reader: PGConnection
    private let writeQueue = DispatchQueue(label: "shoebox.catalog.postgres.write")
    private let readQueue = DispatchQueue(label: "shoebox.catalog.postgres.read")

    /// Connects to `uri` (a libpq URI, or "" for libpq's environment variables) to read and
    /// write, making or upgrading the schema (`PostgresSchema.migrate`). A lost connection's
    /// reconnection is told to `notices`.
    public init(uri: String, notices: CatalogNotices = .silent) throws {
        name = PGConnection.redacted(uri)
        (writer, reader) = try Self.catalogErrors {
            let writer = try PGConnection(conninfo: uri, notices: notices)
            try PostgresSchema.migrate(writer, target: PGConnection.redacted(uri))
            return (writer, try PGConnection(conninfo: uri, notices: notices))
        }
    }

    /// Connects to read only; each of the catalog's migration lists must be this Shoebox's
    /// (`PostgresSchema.requireReadable`).
    public init(readingOnly uri: String, notices: CatalogNotices = .silent) throws {
        name = PGConnection.redacted(uri)
        writer = nil
        reader = try Self.catalogErrors {
            let reader = try PGConnection(conninfo: uri, notices: notices, readingOnly: true)
            try PostgresSchema.requireReadable(reader, target: PGConnection.redacted(uri))
            return reader
        }
    }

    /// Runs `body`, its PostgreSQL errors thrown as the `CatalogError`s every backend throws.
    static func catalogErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PostgresError { throw error.catalogError }
    }

    /// Runs `body` in one writing transaction on the writer's queue.
    func write<T>(_ body: (PGConnection) throws -> T) throws -> T {
        guard let writer else { throw CatalogError.readOnly(path: name) }
        return try writeQueue.sync { try Self.catalogErrors { try writer.transaction(.writing) { try body(writer) } } }
    }

    /// Runs `body` in one snapshot (REPEATABLE READ, READ ONLY) on the reader's queue.
    func read<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try readQueue.sync { try Self.catalogErrors { try reader.transaction(.snapshot) { try body(reader) } } }
    }

    /// Runs `body`, one statement, on the reader's queue as its own snapshot (no transaction).
    func readOne<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try readQueue.sync { try Self.catalogErrors { try reader.single { try body(reader) } } }
    }

    /// `{1,2,3}`: ids as a PostgreSQL array literal, bound as one `bigint[]` parameter (the
    /// dialect's id list, for the queue's statements, which are PostgreSQL's own).
    static func idArray(_ ids: [Int64]) -> String {
        SQLDialect.postgres.idList(ids)
    }

    /// The file name of a path: what follows its last `/` (bytes, not characters, are searched).
    static func fileName(ofPath path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }
}

extension PostgresCatalog: CatalogDatabase {
    func writing<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try write(body)
    }

    func reading<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try read(body)
    }

    static let thumbnailWriteOrder = "seq"

    /// The schema keeps each file's folder album and file name, which listings sort and filter by.
    static func placeColumns(of file: DiscoveredFile) -> CatalogPlace {
        CatalogPlace(columns: placeColumnNames, values: placeValues(file))
    }

    static let placeColumnNames = ["path", "root", "album_folder", "file_name", "pair_key"]
    static let recordingSQL = CatalogRecordingSQL(placeColumns: placeColumnNames, dialect: .postgres)
}

extension PostgresCatalog: ResourceReading, DuplicateFinding {
    /// The queue's table lives in the catalog's database (`PostgresCatalog+WorkQueue`).
    var workQueue: (any WorkQueue)? { self }
}

extension PostgresCatalog: AlbumStore {}

extension PostgresCatalog: AssetFetching {}

extension PostgresCatalog: PlaceStore {}

extension PostgresCatalog: MomentStore {}
