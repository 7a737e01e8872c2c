/// A failed SQLite call, with SQLite's own result code and message kept for matching. Seen
/// inside the SQLite backend only: what leaves it is a `CatalogError` (`catalogError`).
struct SQLiteError: Error, CustomStringConvertible, Equatable {
    /// The extended result code (`SQLITE_FULL` is 13, `SQLITE_BUSY` 5...).
    var code: Int32
    var message: String
    var sql: String?

    var isDiskFull: Bool { code & 0xFF == 13 }

    var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (in: \($0.prefix(80)))" } ?? "")
    }

    /// The backend-neutral error, by the primary result code (the low byte of the extended one).
    var catalogError: CatalogError {
        let failure = CatalogFailure(library: .sqlite, code: String(code), message: message, sql: sql)
        switch code & 0xFF {
        case 13: return .diskFull(failure)
        case 5, 6: return .busy(failure)
        case 11, 26: return .corrupt(failure)
        default: return .failed(failure)
        }
    }
}
