/// The work queue's table in a PostgreSQL catalog, as numbered migrations of its own, tracked
/// in `shoebox_queue_schema`.
///
/// Apart from `PostgresSchema` on purpose: catalog versions are shared with SQLite's schema
/// (a version names the same tables in both), and SQLite has no queue. Migrations run under
/// the same advisory lock as the catalog's, each in its own transaction, after the catalog's
/// (`PostgresSchema.migrate` calls `migrate`).
///
/// `work_queue` holds one row per discovered file version: unique on (path, size, mtime), so
/// enqueueing is `ON CONFLICT DO NOTHING`. `state` is pending, claimed, done or failed;
/// `attempt` counts claims (the fence); the worker columns name whoever holds or last held
/// the item; times are the server's (`now()`), never a worker's clock.
enum PostgresQueueSchema {
    static let migrations: [(version: Int, sql: String)] = [
        (1, """
        CREATE TABLE work_queue (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            path text COLLATE "C" NOT NULL,
            root text COLLATE "C" NOT NULL,
            file_size bigint NOT NULL,
            mtime_ns bigint NOT NULL,
            enqueued_run bigint NOT NULL,
            enqueued_at timestamptz NOT NULL DEFAULT now(),
            state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'done', 'failed')),
            attempt bigint NOT NULL DEFAULT 0,
            worker_id text,
            worker_host text,
            worker_pid integer,
            claimed_at timestamptz,
            lease_expires_at timestamptz,
            finished_at timestamptz,
            error text,
            UNIQUE (path, file_size, mtime_ns)
        );
        CREATE INDEX work_queue_pending ON work_queue(id) WHERE state = 'pending';
        CREATE INDEX work_queue_leases ON work_queue(lease_expires_at) WHERE state = 'claimed';
        CREATE INDEX work_queue_finished ON work_queue(finished_at) WHERE finished_at IS NOT NULL;
        """),
    ]

    static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Whether the database has the queue's table (a catalog an older Shoebox made has none).
    static func isPresent(_ connection: PGConnection) throws -> Bool {
        try connection.query("SELECT to_regclass('work_queue') IS NOT NULL AS present").first?.bool("present") == true
    }

    /// Brings the queue's table up to `currentVersion`, each migration in its own transaction
    /// under `PostgresSchema.lockKey`.
    static func migrate(_ connection: PGConnection) throws {
        for migration in migrations {
            try connection.transaction {
                try connection.query("SELECT pg_advisory_xact_lock($1)", PostgresSchema.lockKey)
                try connection.execute("""
                    CREATE TABLE IF NOT EXISTS shoebox_queue_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                    """)
                let version = try connection.query("SELECT coalesce(max(version), 0) AS version FROM shoebox_queue_schema")
                    .first?.int("version") ?? 0
                guard version < migration.version else { return }
                try connection.execute(migration.sql)
                try connection.query("INSERT INTO shoebox_queue_schema (version) VALUES ($1)", migration.version)
            }
        }
    }
}
