/// The work queue's table in a PostgreSQL catalog, as numbered migrations of its own, tracked
/// in `shoebox_queue_schema`.
///
/// Apart from `PostgresSchema` on purpose: catalog versions are shared with SQLite's schema
/// (a version names the same tables in both), and SQLite has no queue. Migrations run under
/// the same advisory lock as the catalog's, each in its own transaction, after the catalog's
/// (`PostgresSchema.migrate` calls `migrate`).
///
/// `work_queue` holds one row per discovered file version: unique on (path, size, mtime), so
/// enqueueing is `ON CONFLICT DO UPDATE` (which only re-opens a finished item found by a later
/// run). `state` is pending, claimed, done or failed; `attempt` counts claims (the fence);
/// the worker columns name whoever holds or last held the item; times are the server's
/// (`now()`), never a worker's clock.
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
        // 2: items per state kept in `work_queue_counts`, so that `status` need not count a
        // million rows (docs/BENCHMARKS.md). Statement triggers add each statement's change
        // per state (an UPDATE that changes no state, a renewal, writes nothing); the rows
        // are spread over 16 shards by backend, so concurrent claimers seldom wait on one
        // counter row. The table is filled from the items already there.
        (2, """
        CREATE TABLE work_queue_counts (
            state text NOT NULL,
            shard integer NOT NULL,
            items bigint NOT NULL,
            PRIMARY KEY (state, shard)
        );
        CREATE FUNCTION work_queue_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO work_queue_counts (state, shard, items)
                SELECT state, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY state
                ON CONFLICT (state, shard) DO UPDATE SET items = work_queue_counts.items + excluded.items;
            ELSIF TG_OP = 'UPDATE' THEN
                INSERT INTO work_queue_counts (state, shard, items)
                SELECT state, pg_backend_pid() % 16, sum(change) FROM (
                    SELECT state, -1 AS change FROM old_rows UNION ALL SELECT state, 1 FROM new_rows
                ) AS changes GROUP BY state HAVING sum(change) <> 0
                ON CONFLICT (state, shard) DO UPDATE SET items = work_queue_counts.items + excluded.items;
            ELSE
                INSERT INTO work_queue_counts (state, shard, items)
                SELECT state, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY state
                ON CONFLICT (state, shard) DO UPDATE SET items = work_queue_counts.items + excluded.items;
            END IF;
            RETURN NULL;
        END
        $fn$;
        CREATE TRIGGER work_queue_count_insert AFTER INSERT ON work_queue
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_queue_count();
        CREATE TRIGGER work_queue_count_update AFTER UPDATE ON work_queue
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_queue_count();
        CREATE TRIGGER work_queue_count_delete AFTER DELETE ON work_queue
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_queue_count();
        INSERT INTO work_queue_counts (state, shard, items) SELECT state, 0, count(*) FROM work_queue GROUP BY state;
        """),
    ]

    static let list = PostgresMigrationList(versionTable: "shoebox_queue_schema", migrations: migrations)
    static var currentVersion: Int { list.currentVersion }

    /// Whether the database has the queue's table (a catalog an older Shoebox made has none).
    static func isPresent(_ connection: PGConnection) throws -> Bool {
        try connection.query("SELECT to_regclass('work_queue') IS NOT NULL AS present").first?.bool("present") == true
    }

    /// Brings the queue's table up to `target` (tests stop early).
    static func migrate(_ connection: PGConnection, upTo target: Int = currentVersion) throws {
        try list.migrate(connection, upTo: target)
    }
}
