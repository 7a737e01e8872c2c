/// A numbered list of migrations and the table that records which of them a database holds:
/// the catalog's (`PostgresSchema`), the work queue's (`PostgresQueueSchema`) and the kept
/// album counts' (`PostgresAlbumCountsSchema`) each have one, so that each moves on its own.
///
/// What callers may rely on: each migration runs once, in its own transaction, under
/// `PostgresSchema.lockKey`, and the version is read again once the lock is held, so workers
/// starting together migrate once and none sees half a migration.
struct PostgresMigrationList: Sendable {
    /// The table recording applied versions: a constant name, never user input.
    let versionTable: String
    let migrations: [(version: Int, sql: String)]

    var currentVersion: Int { migrations.last?.version ?? 0 }

    /// The version the database holds (0 when it has none of these migrations).
    func version(_ connection: PGConnection) throws -> Int {
        let exists = try connection.query("SELECT to_regclass('\(versionTable)') IS NOT NULL AS present")
        guard exists.first?.bool("present") == true else { return 0 }
        return try appliedVersion(connection)
    }

    /// The highest version in `versionTable`, which must exist.
    private func appliedVersion(_ connection: PGConnection) throws -> Int {
        try connection.query("SELECT coalesce(max(version), 0) AS version FROM \(versionTable)").first?.int("version") ?? 0
    }

    /// Brings the database up to `target` (tests stop early). `newer` makes the error thrown
    /// when the database holds a version above this list's (a newer Shoebox wrote it); without
    /// it such a database is left as it is.
    func migrate(_ connection: PGConnection, upTo target: Int? = nil, newer: ((Int) -> Error)? = nil) throws {
        for migration in migrations where migration.version <= target ?? currentVersion {
            try connection.transaction {
                try connection.query("SELECT pg_advisory_xact_lock($1)", PostgresSchema.lockKey)
                try connection.execute("""
                    CREATE TABLE IF NOT EXISTS \(versionTable) (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                    """)
                let version = try appliedVersion(connection)   // the table is there now
                if let newer, version > currentVersion { throw newer(version) }
                guard version < migration.version else { return }
                try connection.execute(migration.sql)
                try connection.query("INSERT INTO \(versionTable) (version) VALUES ($1)", migration.version)
            }
        }
    }
}
