/// What a catalog's database library said when it refused: which library, its own code (a
/// SQLite result code, a PostgreSQL SQLSTATE), its message, and the start of the statement.
/// Kept whole in `CatalogError`, so that a caller matches the kind of failure and a reader
/// sees the library's own words.
public struct CatalogFailure: Sendable, Equatable, CustomStringConvertible {
    public enum Library: String, Sendable {
        case sqlite = "SQLite"
        case postgres = "PostgreSQL"
    }

    public var library: Library
    public var code: String
    public var message: String
    public var sql: String?

    public var description: String {
        "\(library.rawValue) \(code): \(message)" + (sql.map { " (in: \($0.prefix(80)))" } ?? "")
    }
}
