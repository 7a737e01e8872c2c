/// A failed SQLite call, with SQLite's own result code and message kept for matching.
public struct SQLiteError: Error, CustomStringConvertible, Equatable {
    /// The extended result code (`SQLITE_FULL` is 13, `SQLITE_BUSY` 5...).
    public var code: Int32
    public var message: String
    public var sql: String?

    public var isDiskFull: Bool { code & 0xFF == 13 }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (in: \($0.prefix(80)))" } ?? "")
    }
}
