import CSQLite
import Foundation

/// One SQLite connection, used from one thread at a time (the caller's serial queue).
///
/// WAL mode, foreign keys on, a busy timeout so readers and the writer do not fail on each
/// other. Transactions are closures: they commit when the closure returns and roll back when
/// it throws, so no caller ever leaves one open.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    init(path: String, readOnly: Bool = false) throws {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: "\(path): \(message)", sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 10_000)
        if !readOnly {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = NORMAL")
        }
        try execute("PRAGMA foreign_keys = ON")
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
