/// A failed PostgreSQL call, classified by its SQLSTATE so that callers match on what went
/// wrong, not on message text. Every case keeps the server's (or libpq's) own message.
///
/// What the transaction helper (`PGConnection.transaction`) does with each: `connectionLost`
/// reconnects (bounded back-off) and runs the transaction again; `serializationFailure`
/// runs it again (bounded); the others are thrown to the caller. Seen inside the PostgreSQL
/// backend only: what leaves it is a `CatalogError` (`catalogError`).
enum PostgresError: Error, CustomStringConvertible, Equatable {
    /// No connection could be made to `target` (the URI with its password left out).
    case connectionFailed(target: String, message: String)
    /// The connection went away mid-use (SQLSTATE class 08, or 57P01-57P03: the server shut
    /// down or the backend was terminated).
    case connectionLost(message: String)
    /// The transaction lost to a concurrent one (40001 serialization failure, 40P01 deadlock):
    /// running it again may succeed.
    case serializationFailure(sqlstate: String, message: String)
    /// The server's disk is full (53100).
    case diskFull(message: String)
    /// A unique constraint refused a row (23505).
    case uniqueViolation(message: String)
    /// Any other error the server reported.
    case server(sqlstate: String, message: String, sql: String?)

    /// The error for `sqlstate` (five characters; empty when libpq gave none) and `message`.
    static func classify(sqlstate: String, message: String, sql: String?) -> PostgresError {
        switch sqlstate {
        case "40001", "40P01": return .serializationFailure(sqlstate: sqlstate, message: message)
        case "53100": return .diskFull(message: message)
        case "23505": return .uniqueViolation(message: message)
        case "57P01", "57P02", "57P03": return .connectionLost(message: message)
        case let state where state.hasPrefix("08"): return .connectionLost(message: message)
        default: return .server(sqlstate: sqlstate, message: message, sql: sql)
        }
    }

    var description: String {
        switch self {
        case let .connectionFailed(target, message): return "PostgreSQL: cannot connect to \(target): \(message)"
        case let .connectionLost(message): return "PostgreSQL: connection lost: \(message)"
        case let .serializationFailure(state, message): return "PostgreSQL \(state): \(message)"
        case let .diskFull(message): return "PostgreSQL 53100 (disk full): \(message)"
        case let .uniqueViolation(message): return "PostgreSQL 23505: \(message)"
        case let .server(state, message, sql):
            return "PostgreSQL \(state): \(message)" + (sql.map { " (in: \($0.prefix(80)))" } ?? "")
        }
    }

    /// The backend-neutral error.
    var catalogError: CatalogError {
        switch self {
        case let .connectionFailed(target, message):
            return .cannotConnect(target: target, CatalogFailure(library: .postgres, code: "08001", message: message))
        case let .connectionLost(message): return .lostConnection(CatalogFailure(library: .postgres, code: "08006", message: message))
        case let .serializationFailure(state, message): return .busy(CatalogFailure(library: .postgres, code: state, message: message))
        case let .diskFull(message): return .diskFull(CatalogFailure(library: .postgres, code: "53100", message: message))
        case let .uniqueViolation(message): return .failed(CatalogFailure(library: .postgres, code: "23505", message: message))
        case let .server(state, message, sql):
            let failure = CatalogFailure(library: .postgres, code: state, message: message, sql: sql)
            switch state {
            case "55P03", "57014": return .busy(failure)
            case "XX001", "XX002": return .corrupt(failure)
            default: return .failed(failure)
            }
        }
    }
}
