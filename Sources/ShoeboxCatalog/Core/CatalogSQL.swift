/// A connection the catalog core runs its SQL on, inside the transaction the backend opened:
/// SQLite's and libpq's connections both meet it (`SQLiteConnection+CatalogSQL`,
/// `PGConnection+CatalogSQL`), so that a rule's reads and writes are written once.
///
/// SQL is written once, in the common ground of both dialects: `?` placeholders (or `?1`,
/// `?2`... where one value is used twice; never both in one statement), integer flags, `ON
/// CONFLICT ... DO UPDATE`, `RETURNING`. The PostgreSQL connection rewrites the placeholders to
/// `$1`, `$2`... (`PostgresPlaceholders`). Values are String, Int, Int64, Double, Bool (1 or
/// 0) or nil (NULL). What the two servers cannot say alike is a requirement here.
protocol CatalogSQL: AnyObject {
    /// Runs one statement with `values` bound in order, and calls `row` for each row of its
    /// answer, in order. `row` must not run another statement (read the rows first: `rows`).
    func forEachRow(_ sql: String, _ values: [Any?], _ row: (any CatalogRow) throws -> Void) throws

    /// Holds, until the transaction ends, a lock named `name` that other writers' transactions
    /// taking the same name wait for: so that two writers that would each miss the other's
    /// uncommitted row (two halves of a Live Photo recorded at once) take turns. SQLite's
    /// write transaction already excludes every other writer: nothing to take there.
    func holdTransactionLock(named name: String) throws

    /// What this server says differently from the other.
    var dialect: SQLDialect { get }

    /// Whether `error`, thrown by a statement on this connection, is a unique constraint's refusal.
    func isUniqueViolation(_ error: any Error) -> Bool
}

extension CatalogSQL {
    func isAmongIDs(_ column: String) -> String { dialect.isAmongIDs(column) }
    func idList(_ ids: [Int64]) -> String { dialect.idList(ids) }
    var lockingSelectedRows: String { dialect.lockingSelectedRows }
    func usingIndex(_ name: String) -> String { dialect.usingIndex(name) }

    /// Runs one statement that returns no rows a caller wants.
    func run(_ sql: String, _ values: Any?...) throws {
        try forEachRow(sql, values) { _ in }
    }

    /// Every row of the answer, each made into a value by `read`.
    func rows<T>(_ sql: String, _ values: Any?..., as read: (any CatalogRow) throws -> T) throws -> [T] {
        try rows(sql, values: values, as: read)
    }

    /// `rows` with the values in an array (a statement whose number of values varies).
    func rows<T>(_ sql: String, values: [Any?], as read: (any CatalogRow) throws -> T) throws -> [T] {
        var found: [T] = []
        try forEachRow(sql, values) { found.append(try read($0)) }
        return found
    }

    /// The first row of the answer made into a value by `read`, nil when there is none.
    func first<T>(_ sql: String, _ values: Any?..., as read: (any CatalogRow) throws -> T) throws -> T? {
        var found: T?
        try forEachRow(sql, values) { if found == nil { found = try read($0) } }
        return found
    }
}
