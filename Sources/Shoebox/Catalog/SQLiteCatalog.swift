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
            throw CatalogError.sqlite(error)
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
            throw CatalogError.sqlite(error)
        }
    }

    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard let writer else { throw CatalogError.readOnly(path: path) }
        return try writeQueue.sync {
            defer { writer.resetStatements() }
            do { return try body(writer) } catch let error as SQLiteError { throw CatalogError.sqlite(error) }
        }
    }

    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try readQueue.sync {
            defer { reader.resetStatements() }
            do { return try body(reader) } catch let error as SQLiteError { throw CatalogError.sqlite(error) }
        }
    }

    static func now() -> String {
        Date().formatted(.iso8601)
    }

    // MARK: Lookups

    private static let entryColumns = "id, path, content_hash, status, file_size, mtime_ns, sidecar_stamp"

    public func entry(atPath path: String) throws -> CatalogEntry? {
        try read { db in
            let statement = try db.statement("SELECT \(Self.entryColumns) FROM assets WHERE path = ?").bind(path)
            guard try statement.step() else { return nil }
            return try Self.entry(from: statement, db: db)
        }
    }

    public func entries(withContentHash hash: String, notSeenIn run: Int64, limit: Int) throws -> [CatalogEntry] {
        try read { db in
            let statement = try db.statement("""
                SELECT \(Self.entryColumns) FROM assets WHERE content_hash = ? AND seen_run <> ?
                ORDER BY missing DESC, id LIMIT ?
                """).bind(hash, run, limit)
            var rows: [CatalogEntry] = []
            while try statement.step() { rows.append(Self.entryWithoutThumbnails(from: statement)) }
            return try rows.map { row in
                var entry = row
                entry.thumbnails = try Self.thumbnailsByName(row.id, db: db)
                return entry
            }
        }
    }

    private static func entry(from statement: SQLiteStatement, db: SQLiteConnection) throws -> CatalogEntry {
        var result = entryWithoutThumbnails(from: statement)
        result.thumbnails = try thumbnailsByName(result.id, db: db)
        return result
    }

    /// A row of `entryColumns`, its thumbnails still to read.
    private static func entryWithoutThumbnails(from statement: SQLiteStatement) -> CatalogEntry {
        CatalogEntry(id: statement.int64("id"), path: statement.text("path"), contentHash: statement.optionalText("content_hash"),
                     status: AssetRecord.Status(rawValue: statement.text("status")) ?? .failed,
                     fileSize: statement.int64("file_size"), modifiedNanoseconds: statement.int64("mtime_ns"), thumbnails: [:],
                     sidecarStamp: statement.optionalText("sidecar_stamp"))
    }

    private static func thumbnailsByName(_ id: Int64, db: SQLiteConnection) throws -> [String: ThumbnailRecord] {
        Dictionary(uniqueKeysWithValues: try thumbnails(of: id, db: db).map { ($0.name, $0) })
    }

    // MARK: Runs

    public func beginRun(roots: [String]) throws -> Int64 {
        try write { db in
            try db.statement("INSERT INTO runs (started_at, roots) VALUES (?, ?)")
                .bind(Self.now(), roots.joined(separator: "\n")).run()
            return db.lastInsertedRowID
        }
    }

    /// Files flagged missing that are seen again pair again with their Live Photo counterpart.
    public func markSeen(_ ids: [Int64], run: Int64, livePhotoRules: LivePhotoRules) throws {
        guard !ids.isEmpty else { return }
        try write { db in
            try db.transaction {
                let returned = try Self.missing(among: ids, db: db)
                for id in ids {
                    try db.statement("UPDATE assets SET seen_run = ?, missing = 0 WHERE id = ?").bind(run, id).run()
                }
                try CatalogPairing.pairIfUnpaired(returned, rules: livePhotoRules, db: db)
                try CatalogGrouping.regroup(Set(try returned.flatMap { try CatalogGrouping.groupKeys(around: $0, db: db) }), db: db)
            }
        }
    }

    /// The ids among `ids` flagged missing, in one query.
    private static func missing(among ids: [Int64], db: SQLiteConnection) throws -> [Int64] {
        let statement = try db.statement("SELECT id FROM assets WHERE missing = 1 AND id IN (SELECT value FROM json_each(?))")
            .bind(jsonArray(ids))
        var missing: [Int64] = []
        while try statement.step() { missing.append(statement.int64("id")) }
        return missing
    }

    /// The moved file's name pairing key follows its path; an unpaired file may pair where it now is.
    public func relocate(_ id: Int64, to file: DiscoveredFile, run: Int64, livePhotoRules: LivePhotoRules) throws {
        try write { db in
            try db.transaction {
                let before = try CatalogGrouping.groupKeys(around: id, db: db)
                try db.statement("""
                    UPDATE assets SET path = ?, root = ?, pair_key = ?, file_size = ?, mtime_ns = ?, seen_run = ?, missing = 0,
                    updated_at = ? WHERE id = ?
                    """).bind(file.path, file.root, LivePhotoPairing.pairKey(forPath: file.path), file.status.size,
                              file.status.modifiedNanoseconds, run, Self.now(), id).run()
                try CatalogGrouping.setGroupKey(of: id, path: file.path, db: db)
                try CatalogPairing.pairIfUnpaired([id], rules: livePhotoRules, db: db)
                try CatalogGrouping.regroup(before.union(CatalogGrouping.groupKeys(around: id, db: db)), db: db)
            }
        }
    }

    public func refreshMetadata(_ id: Int64, from draft: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws {
        let file = draft.file
        try write { db in
            try db.transaction {
                try db.statement("""
                    UPDATE assets SET path = ?, root = ?, pair_key = ?, file_size = ?, mtime_ns = ?, seen_run = ?, missing = 0,
                    updated_at = ?, \(Self.sidecarColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?
                    """).bindArray([file.path, file.root, LivePhotoPairing.pairKey(forPath: file.path), file.status.size,
                                    file.status.modifiedNanoseconds, run, Self.now()] + Self.sidecarValues(draft) + [id]).run()
                try CatalogPairing.pairIfUnpaired([id], rules: livePhotoRules, db: db)
            }
        }
    }

    public func markMissing(under root: String, notSeenIn run: Int64) throws -> [String] {
        let under = Self.pathRange(under: root)
        return try write { db in
            try db.transaction {
                var keys = try CatalogGrouping.groupKeysOfGroupedAssets(in: under, notSeenIn: run, db: db)
                let statement = try db.statement("""
                    UPDATE assets SET missing = 1, updated_at = ?
                    WHERE missing = 0 AND seen_run <> ? AND path >= ? AND path < ?
                    RETURNING path
                    """).bind(Self.now(), run, under.lowerBound, under.upperBound)
                var flagged: [String] = []
                while try statement.step() { flagged.append(statement.text("path")) }
                for id in try CatalogPairing.releasePairsMissingAFile(db: db) { keys.formUnion(try CatalogGrouping.groupKeys(around: id, db: db)) }
                keys.formUnion(try CatalogGrouping.forgetResourceFiles(in: under, notSeenIn: run, db: db))
                try CatalogGrouping.regroup(keys, db: db)
                return flagged.sorted()
            }
        }
    }

    /// The paths under the folder `root`, as a range of text: SQLite compares text byte by byte
    /// (its BINARY collation is `memcmp` of the UTF-8), so `root/` up to `root0` (`0` follows
    /// `/`) holds exactly the paths that start with the bytes of `root/`, whatever characters
    /// the names hold, and the path index answers it. (Counting characters on one side and
    /// bytes on the other once missed every folder whose name is not ASCII.)
    static func pathRange(under root: String) -> Range<String> {
        let folder = root.hasSuffix("/") ? String(root.dropLast()) : root
        return (folder + "/")..<(folder + "0")
    }
}

extension SQLiteCatalog: CatalogDatabase {
    func writing<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try write { db in try db.transaction { try body(db) } }
    }

    func reading<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try read(body)
    }
}

extension SQLiteCatalog: ResourceReading, DuplicateFinding {}
