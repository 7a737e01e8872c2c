/// Kept counts of shown assets per album and kind in a PostgreSQL catalog, as numbered
/// migrations of their own, tracked in `shoebox_album_counts_schema`.
///
/// Why: `albums()` counted every shown asset of the library per listing (1.3 s at a million
/// assets, docs/BENCHMARKS.md); it now sums these rows. Apart from `PostgresSchema` for the
/// reason `PostgresQueueSchema` is: catalog versions are shared with SQLite's, and SQLite
/// counts its smaller libraries as they are. Migrations run under the catalog's advisory
/// lock, each in its own transaction, after the catalog's and the queue's.
///
/// `folder_album_counts` holds shown assets (`ShownAssets.condition("a")`) per (album_folder,
/// kind) (migration 3 folds it: `PostgresFolderAlbumKindCounts`); `user_album_counts` per
/// (user album id, kind). Migration 2 keeps each folder album's first asset
/// (`PostgresFolderAlbumFirsts`). Statement triggers with transition
/// tables keep them: on `assets` old rows that were shown subtract and new rows that are shown
/// add, per folder and kind, and per user album the asset belongs to; on `album_assets` each
/// member added or removed counts when its asset is shown. Rows are spread over 16 shards by
/// backend, as the queue's counts are, so workers recording into one folder seldom wait on one
/// counter row; readers sum the shards. Rows that reach 0 stay (readers keep sums above 0);
/// the rows of a deleted user album stay at 0 (album ids are never reused).
///
/// Two cases a statement trigger cannot see, handled apart:
/// - deleting an asset deletes its memberships first (the foreign key's cascade fires before
///   the statement trigger on `assets`, and the cascade's trigger on `album_assets` no longer
///   sees the asset): a row trigger before each shown asset's deletion subtracts it from its
///   user albums, and the `album_assets` trigger counts only members whose asset is there;
/// - a membership and its asset's shown state changing in two concurrent transactions: the
///   `album_assets` trigger locks the members' assets (`FOR SHARE`), so an update of that
///   asset waits for it and then sees the membership, or went first and is seen by it.
enum PostgresAlbumCountsSchema {
    static let migrations: [(version: Int, sql: String)] = [
        (1, """
        CREATE TABLE folder_album_counts (
            title text COLLATE "C" NOT NULL,
            kind text NOT NULL,
            shard integer NOT NULL,
            assets bigint NOT NULL,
            PRIMARY KEY (title, kind, shard)
        );
        CREATE TABLE user_album_counts (
            album_id bigint NOT NULL,
            kind text NOT NULL,
            shard integer NOT NULL,
            assets bigint NOT NULL,
            PRIMARY KEY (album_id, kind, shard)
        );
        CREATE FUNCTION assets_album_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO folder_album_counts (title, kind, shard, assets)
                SELECT album_folder, kind, pg_backend_pid() % 16, count(*) FROM new_rows
                WHERE status = 'ok' AND missing = 0 AND hidden = 0 GROUP BY album_folder, kind
                ON CONFLICT (title, kind, shard) DO UPDATE SET assets = folder_album_counts.assets + excluded.assets;
            ELSIF TG_OP = 'UPDATE' THEN
                WITH changes AS (
                    SELECT id, album_folder, kind, -1 AS change FROM old_rows WHERE status = 'ok' AND missing = 0 AND hidden = 0
                    UNION ALL
                    SELECT id, album_folder, kind, 1 FROM new_rows WHERE status = 'ok' AND missing = 0 AND hidden = 0
                ), folders AS (
                    INSERT INTO folder_album_counts (title, kind, shard, assets)
                    SELECT album_folder, kind, pg_backend_pid() % 16, sum(change) FROM changes
                    GROUP BY album_folder, kind HAVING sum(change) <> 0
                    ON CONFLICT (title, kind, shard) DO UPDATE SET assets = folder_album_counts.assets + excluded.assets
                ), members AS (
                    SELECT id, kind, sum(change) AS change FROM changes GROUP BY id, kind HAVING sum(change) <> 0
                )
                INSERT INTO user_album_counts (album_id, kind, shard, assets)
                SELECT m.album_id, c.kind, pg_backend_pid() % 16, sum(c.change) FROM members c
                JOIN album_assets m ON m.asset_id = c.id GROUP BY m.album_id, c.kind HAVING sum(c.change) <> 0
                ON CONFLICT (album_id, kind, shard) DO UPDATE SET assets = user_album_counts.assets + excluded.assets;
            ELSE
                INSERT INTO folder_album_counts (title, kind, shard, assets)
                SELECT album_folder, kind, pg_backend_pid() % 16, -count(*) FROM old_rows
                WHERE status = 'ok' AND missing = 0 AND hidden = 0 GROUP BY album_folder, kind
                ON CONFLICT (title, kind, shard) DO UPDATE SET assets = folder_album_counts.assets + excluded.assets;
            END IF;
            RETURN NULL;
        END
        $fn$;
        CREATE FUNCTION assets_leave_user_albums() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            INSERT INTO user_album_counts (album_id, kind, shard, assets)
            SELECT album_id, OLD.kind, pg_backend_pid() % 16, -1 FROM album_assets WHERE asset_id = OLD.id
            ON CONFLICT (album_id, kind, shard) DO UPDATE SET assets = user_album_counts.assets + excluded.assets;
            RETURN OLD;
        END
        $fn$;
        CREATE FUNCTION album_assets_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO user_album_counts (album_id, kind, shard, assets)
                SELECT album_id, kind, pg_backend_pid() % 16, count(*) FROM (
                    SELECT m.album_id, a.kind FROM new_rows m JOIN assets a ON a.id = m.asset_id
                    WHERE a.status = 'ok' AND a.missing = 0 AND a.hidden = 0 FOR SHARE OF a
                ) AS members GROUP BY album_id, kind
                ON CONFLICT (album_id, kind, shard) DO UPDATE SET assets = user_album_counts.assets + excluded.assets;
            ELSIF TG_OP = 'UPDATE' THEN
                INSERT INTO user_album_counts (album_id, kind, shard, assets)
                SELECT album_id, kind, pg_backend_pid() % 16, sum(change) FROM (
                    SELECT m.album_id, a.kind, m.change FROM (
                        SELECT album_id, asset_id, -1 AS change FROM old_rows
                        UNION ALL SELECT album_id, asset_id, 1 FROM new_rows
                    ) AS m JOIN assets a ON a.id = m.asset_id
                    WHERE a.status = 'ok' AND a.missing = 0 AND a.hidden = 0 FOR SHARE OF a
                ) AS members GROUP BY album_id, kind HAVING sum(change) <> 0
                ON CONFLICT (album_id, kind, shard) DO UPDATE SET assets = user_album_counts.assets + excluded.assets;
            ELSE
                INSERT INTO user_album_counts (album_id, kind, shard, assets)
                SELECT album_id, kind, pg_backend_pid() % 16, -count(*) FROM (
                    SELECT m.album_id, a.kind FROM old_rows m JOIN assets a ON a.id = m.asset_id
                    WHERE a.status = 'ok' AND a.missing = 0 AND a.hidden = 0 FOR SHARE OF a
                ) AS members GROUP BY album_id, kind
                ON CONFLICT (album_id, kind, shard) DO UPDATE SET assets = user_album_counts.assets + excluded.assets;
            END IF;
            RETURN NULL;
        END
        $fn$;
        CREATE TRIGGER assets_album_count_insert AFTER INSERT ON assets
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_count();
        CREATE TRIGGER assets_album_count_update AFTER UPDATE ON assets
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_count();
        CREATE TRIGGER assets_album_count_delete AFTER DELETE ON assets
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_count();
        CREATE TRIGGER assets_leave_user_albums BEFORE DELETE ON assets FOR EACH ROW
            WHEN (OLD.status = 'ok' AND OLD.missing = 0 AND OLD.hidden = 0) EXECUTE FUNCTION assets_leave_user_albums();
        CREATE TRIGGER album_assets_count_insert AFTER INSERT ON album_assets
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION album_assets_count();
        CREATE TRIGGER album_assets_count_update AFTER UPDATE ON album_assets
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION album_assets_count();
        CREATE TRIGGER album_assets_count_delete AFTER DELETE ON album_assets
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION album_assets_count();
        INSERT INTO folder_album_counts (title, kind, shard, assets)
        SELECT album_folder, kind, 0, count(*) FROM assets WHERE status = 'ok' AND missing = 0 AND hidden = 0 GROUP BY album_folder, kind;
        INSERT INTO user_album_counts (album_id, kind, shard, assets)
        SELECT m.album_id, a.kind, 0, count(*) FROM album_assets m JOIN assets a ON a.id = m.asset_id
        WHERE a.status = 'ok' AND a.missing = 0 AND a.hidden = 0 GROUP BY m.album_id, a.kind;
        """),
        (2, PostgresFolderAlbumFirsts.migrationSQL),
        (3, PostgresFolderAlbumKindCounts.migrationSQL),
    ]

    static let list = PostgresMigrationList(versionTable: "shoebox_album_counts_schema", migrations: migrations)
    static var currentVersion: Int { list.currentVersion }

    /// Brings the kept counts up to `currentVersion`.
    static func migrate(_ connection: PGConnection) throws {
        try list.migrate(connection)
    }
}
