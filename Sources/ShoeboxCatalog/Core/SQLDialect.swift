/// What SQLite and PostgreSQL say differently, in one place: everything else the catalog core
/// writes is the SQL both read alike (`CatalogSQL`). Placeholders are not here: the core
/// writes `?`, and the PostgreSQL connection numbers them (`PostgresPlaceholders`).
enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// The condition that `column` is one of a list of ids bound as one value (`idList`):
    /// SQLite reads a JSON array, PostgreSQL a `bigint[]`. One statement text for any number.
    func isAmongIDs(_ column: String) -> String {
        switch self {
        case .sqlite: return "\(column) IN (SELECT value FROM json_each(?))"
        case .postgres: return "\(column) = ANY(?::bigint[])"
        }
    }

    /// `ids` as the one value `isAmongIDs` binds.
    func idList(_ ids: [Int64]) -> String {
        let digits = ids.map(String.init).joined(separator: ",")
        switch self {
        case .sqlite: return "[" + digits + "]"
        case .postgres: return "{" + digits + "}"
        }
    }

    /// What ends a SELECT whose rows the transaction then changes, so that two writers take
    /// turns on them: `FOR UPDATE` on PostgreSQL; nothing on SQLite, whose write transaction
    /// already excludes every other writer.
    var lockingSelectedRows: String {
        switch self {
        case .sqlite: return ""
        case .postgres: return " FOR UPDATE"
        }
    }

    /// What follows a table's name to have the query walk the index `name`: `INDEXED BY` on
    /// SQLite, whose planner has no statistics to choose by (without them it took the equality
    /// index on status and read every shown asset); nothing on PostgreSQL, whose planner has
    /// them. A named index that goes missing is an error on SQLite, not a silent scan.
    func usingIndex(_ name: String) -> String {
        switch self {
        case .sqlite: return " INDEXED BY \(name)"
        case .postgres: return ""
        }
    }

    /// A join that keeps the written order of its tables (the left one drives): SQLite's
    /// planner honours `CROSS JOIN` so; PostgreSQL's chooses well by itself.
    var joinInWrittenOrder: String {
        switch self {
        case .sqlite: return "CROSS JOIN"
        case .postgres: return "JOIN"
        }
    }

    /// `expression` as names sort, ASCII letters folded and other bytes as they are: SQLite's
    /// NOCASE; `lower` under PostgreSQL's "C" collation, which its name index holds.
    func caseFolded(_ expression: String) -> String {
        switch self {
        case .sqlite: return "\(expression) COLLATE NOCASE"
        case .postgres: return "lower(\(expression))"
        }
    }

    /// What ends an INSERT (or upsert) so that it returns the row's `id`: `RETURNING id` on
    /// PostgreSQL, where reading it back would be another round trip; nothing on SQLite, where
    /// RETURNING cost more than the insert itself on the assets table (235 against 165 µs a
    /// row, docs/BENCHMARKS-LOG.md) and reading the id back by its unique key costs a few.
    var returningID: String {
        switch self {
        case .sqlite: return ""
        case .postgres: return "\nRETURNING id"
        }
    }
}
