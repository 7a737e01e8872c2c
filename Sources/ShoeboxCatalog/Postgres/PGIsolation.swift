/// The isolation a transaction asks PostgreSQL for, and whether it only reads.
public struct PGIsolation: Equatable, Sendable {
    public enum Level: String, Sendable {
        case readCommitted = "READ COMMITTED"
        case repeatableRead = "REPEATABLE READ"
        case serializable = "SERIALIZABLE"
    }

    public var level: Level
    public var readOnly: Bool

    /// Writes: each statement sees what committed before it; row locks and unique indexes
    /// keep concurrent writers apart.
    public static let writing = PGIsolation(level: .readCommitted, readOnly: false)
    /// Listings and pages: one snapshot for every statement of the transaction, no writes.
    public static let snapshot = PGIsolation(level: .repeatableRead, readOnly: true)

    var beginSQL: String {
        "BEGIN ISOLATION LEVEL \(level.rawValue) \(readOnly ? "READ ONLY" : "READ WRITE")"
    }
}
