import CSQLite
import Foundation

/// One SQLite connection, used from one thread at a time (the caller's serial queue).
///
/// WAL mode, foreign keys on, a busy timeout so readers and the writer do not fail on each
/// other. Transactions are closures: they commit when the closure returns and roll back when
/// it throws, so no caller ever leaves one open.
final class SQLiteConnection {
    /// How a connection opens its database.
    enum Access: Equatable {
        /// Reads and writes; the file is made if missing and put in WAL mode.
        case readWrite
        /// Reads only (`mode=ro`), never writing the database. SQLite still locks, and uses the
        /// `-wal` and `-shm` files beside it (making them, empty, if the folder allows), so a
        /// writer may work meanwhile.
        case readOnly
        /// Reads only, where `readOnly` cannot: the folder cannot be written, so SQLite cannot
        /// make its `-wal` or `-shm` file. Nothing locks: sound as long as nothing writes there
        /// meanwhile, which holds on read-only media; in a folder only another user may write,
        /// that user's ingest running at the same moment could be read half-done (the locks
        /// would need files this user cannot make). A `-wal` a writer left is read into memory (`locking_mode`
        /// EXCLUSIVE on the lock-free `unix-none` VFS): its commits are seen. Without one, the
        /// file is opened `immutable`.
        case readOnlyUnlocked
    }

    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    init(path: String, access: Access = .readWrite) throws {
        var db: OpaquePointer?
        let readsLeftLog = access == .readOnlyUnlocked && Self.hasWriteAheadLog(path)
        let name: String, flags: Int32
        switch access {
        // Never written through a link: a catalog.sqlite that links elsewhere is refused.
        case .readWrite: (name, flags) = (path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW)
        case .readOnly: (name, flags) = (Self.uri(path, "mode=ro"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        case .readOnlyUnlocked:
            (name, flags) = (Self.uri(path, readsLeftLog ? "mode=ro&vfs=unix-none" : "immutable=1"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        }
        let rc = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: "\(path): \(message)", sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 10_000)
        if access == .readWrite {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = NORMAL")
        }
        if readsLeftLog { try execute("PRAGMA locking_mode = EXCLUSIVE") }   // the WAL index in memory, no -shm
        try execute("PRAGMA foreign_keys = ON")
        if access != .readWrite { _ = try userVersion() }   // SQLite opens lazily: fail here, not at the first query
    }

    /// A connection that only reads `path`: `readOnly`, or `readOnlyUnlocked` where the folder
    /// cannot be written and `readOnly` could not open the database for that reason.
    static func reading(_ path: String) throws -> SQLiteConnection {
        do {
            return try SQLiteConnection(path: path, access: .readOnly)
        } catch let error as SQLiteError where [SQLITE_READONLY, SQLITE_CANTOPEN].contains(error.code & 0xFF) {
            let folder = (path as NSString).deletingLastPathComponent
            guard access(folder.isEmpty ? "." : folder, W_OK) != 0 else { throw error }
            return try SQLiteConnection(path: path, access: .readOnlyUnlocked)
        }
    }

    private static func hasWriteAheadLog(_ path: String) -> Bool {
        access(path + "-wal", F_OK) == 0
    }

    /// A `file:` URI with `parameters`; the path's bytes a URI could read otherwise (`?`, `#`,
    /// `%`...) are written `%HH`.
    private static func uri(_ path: String, _ parameters: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-~".utf8)
        let escaped = path.utf8.map { plain.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
        return "file:" + escaped.joined() + "?" + parameters
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL with no parameters and no rows wanted (schema, pragmas).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(message)
            throw SQLiteError(code: rc, message: text, sql: sql)
        }
    }

    /// A prepared statement, cached by its SQL text, reset and unbound for reuse.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Resets every cached statement. A statement left mid-result keeps its read transaction
    /// open, and in WAL mode that pins the connection to an old snapshot of the database.
    func resetStatements() {
        for statement in statements.values { statement.reset() }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }
    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func userVersion() throws -> Int {
        let statement = try self.statement("PRAGMA user_version")
        defer { statement.reset() }   // an open statement would lock the schema against DROP in a migration
        return try statement.step() ? statement.int(0) : 0
    }
}
