import CSQLite

/// A prepared statement: bind by position (1-based), step, read columns (0-based).
final class SQLiteStatement {
    private let pointer: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw SQLiteError(code: rc, message: connection.lastMessage, sql: sql)
        }
        self.pointer = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(pointer) }

    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// Binds values in order: String, Int, Int64, Double, Bool, or nil (NULL).
    @discardableResult
    func bind(_ values: Any?...) throws -> SQLiteStatement {
        try bindArray(values)
    }

    @discardableResult
    func bindArray(_ values: [Any?]) throws -> SQLiteStatement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case nil: rc = sqlite3_bind_null(pointer, index)
            case let text as String: rc = sb_sqlite3_bind_text_transient(pointer, index, text, -1)
            case let number as Int: rc = sqlite3_bind_int64(pointer, index, Int64(number))
            case let number as Int64: rc = sqlite3_bind_int64(pointer, index, number)
            case let number as Double: rc = sqlite3_bind_double(pointer, index, number)
            case let flag as Bool: rc = sqlite3_bind_int64(pointer, index, flag ? 1 : 0)
            case let some?: throw SQLiteError(code: SQLITE_MISUSE, message: "cannot bind \(type(of: some))", sql: sql)
            }
            guard rc == SQLITE_OK else { throw SQLiteError(code: rc, message: connection.lastMessage, sql: sql) }
        }
        return self
    }

    /// Advances to the next row: true while there is one.
    func step() throws -> Bool {
        let rc = sqlite3_step(pointer)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: rc, message: connection.lastMessage, sql: sql)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws {
        while try step() {}
    }

    /// Result columns by name (the column's name or its `AS` alias), for reading by name.
    private lazy var columnIndexes: [String: Int32] = Dictionary(
        (0..<sqlite3_column_count(pointer)).map { (String(cString: sqlite3_column_name(pointer, $0)), $0) },
        uniquingKeysWith: { first, _ in first })

    /// The index of the result column `name`; a name the SELECT does not have is a programming error.
    func column(_ name: String) -> Int32 {
        guard let index = columnIndexes[name] else { preconditionFailure("no column \(name) in: \(sql)") }
        return index
    }

    func isNull(_ name: String) -> Bool { isNull(column(name)) }
    func int(_ name: String) -> Int { int(column(name)) }
    func int64(_ name: String) -> Int64 { int64(column(name)) }
    func text(_ name: String) -> String { text(column(name)) }
    func optionalText(_ name: String) -> String? { optionalText(column(name)) }
    func optionalInt(_ name: String) -> Int? { optionalInt(column(name)) }
    func optionalInt64(_ name: String) -> Int64? { isNull(name) ? nil : int64(name) }
    func optionalDouble(_ name: String) -> Double? { optionalDouble(column(name)) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(pointer, column)) }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }
    func text(_ column: Int32) -> String {
        guard let raw = sqlite3_column_text(pointer, column) else { return "" }
        return String(cString: raw)
    }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    /// A column read by its name in the result (nil when it is NULL or not in the result).
    func optionalText(named name: String) -> String? {
        let index = (0..<sqlite3_column_count(pointer)).first { column in
            sqlite3_column_name(pointer, column).map { String(cString: $0) } == name
        }
        return index.flatMap(optionalText)
    }
}
