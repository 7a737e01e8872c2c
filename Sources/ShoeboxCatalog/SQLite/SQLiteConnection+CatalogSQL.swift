/// The catalog core runs on a SQLite connection: each statement prepared once and kept
/// (`statement`), reset when its rows are read so that no read transaction is left open.
extension SQLiteConnection: CatalogSQL {
    func forEachRow(_ sql: String, _ values: [Any?], _ row: (any CatalogRow) throws -> Void) throws {
        let statement = try statement(sql).bindArray(values)
        defer { statement.reset() }
        while try statement.step() { try row(statement) }
    }

    /// Nothing to take: a SQLite write transaction (`BEGIN IMMEDIATE`) excludes every other writer.
    func holdTransactionLock(named name: String) throws {}

    var dialect: SQLDialect { .sqlite }

    /// SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555): extended codes,
    /// which the connection asks for, and whose C macros Swift does not import.
    func isUniqueViolation(_ error: any Error) -> Bool {
        guard let code = (error as? SQLiteError)?.code else { return false }
        return code == 2067 || code == 1555
    }
}

extension SQLiteStatement: CatalogRow {}
