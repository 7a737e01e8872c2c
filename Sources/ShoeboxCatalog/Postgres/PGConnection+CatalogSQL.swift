/// The catalog core runs on a PostgreSQL connection: its `?` placeholders numbered once per
/// text (`PostgresPlaceholders`), each statement prepared once (`query`).
extension PGConnection: CatalogSQL {
    func forEachRow(_ sql: String, _ values: [Any?], _ row: (any CatalogRow) throws -> Void) throws {
        let numbered = placeholderTexts[sql] ?? {
            let text = PostgresPlaceholders.numbered(sql)
            placeholderTexts[sql] = text
            return text
        }()
        for found in try query(numbered, parameters: values).rows { try row(found) }
    }

    /// A transaction-scoped advisory lock, keyed by a 64-bit hash of `name`.
    func holdTransactionLock(named name: String) throws {
        try query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", name)
    }

    var dialect: SQLDialect { .postgres }

    func isUniqueViolation(_ error: any Error) -> Bool {
        if case .uniqueViolation? = error as? PostgresError { return true }
        return false
    }
}

extension PGRow: CatalogRow {}
