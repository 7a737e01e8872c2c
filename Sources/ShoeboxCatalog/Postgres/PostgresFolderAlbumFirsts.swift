/// Each folder album's first shown asset in its own order (its cover when it has no explicit
/// one), kept by triggers in `folder_album_firsts` so that `albums()` reads it in place of one
/// index seek per folder (5,000 seeks, about 150 ms at a million assets: docs/BENCHMARKS.md).
/// Migration 2 of `PostgresAlbumCountsSchema`.
///
/// The order is a folder album's own (`AssetFetchQuery` with `.albumOrder`: newest first, by
/// `sort_taken` then id, both descending), so the kept first is the asset a page of the album
/// starts with; `PostgresFolderAlbumFirstsTests` holds the two to each other. The migration is
/// frozen text, as released (`FrozenMigrationsTests`): a change of order is a new migration.
///
/// Rows are (title, shard): a statement that makes assets shown in a folder keeps, in its
/// backend's shard row (`pg_backend_pid() % 16`, as the kept counts), the first of them if it
/// comes before the row's (an upsert: it locks only that row, so writers into one folder seldom
/// wait on each other). A folder's first is the first of its rows. Every row holds an asset
/// that is shown in its folder: when a statement makes a kept asset leave (hidden, missing,
/// failed, deleted, moved to another folder, its capture time changed), the rows holding it
/// are locked, the folder's first is looked up again (one index seek) and written into them,
/// or they are deleted when the folder shows nothing. Why that is right with concurrent writers:
/// - an asset being made shown by a writer that has not committed is invisible to the seek,
///   but that writer either holds the row (its upsert), so the lock waits for its commit and
///   the seek sees it, or has not upserted yet, and its upsert then compares with what the
///   seek wrote;
/// - the seek locks the asset it finds (`FOR SHARE`) and looks again without the lock until
///   both agree, so an asset that a concurrent writer is hiding is either passed over (its
///   writer went first) or kept until this commit, after which its writer's trigger sees it
///   held and looks again;
/// - only writers that change an asset or lock it put it into a row, and both wait for the
///   writer changing it, so a writer's trigger sees every row holding an asset it changes.
enum PostgresFolderAlbumFirsts {
    /// A folder's rows in the listing's order, the first first: `ORDER BY title, ` this.
    static let rowOrder = "sort_key DESC, asset_id DESC"

    /// Migration 2 of `PostgresAlbumCountsSchema`: the table, the functions that keep it
    /// (`folder_album_firsts_enter` upserts the first of the assets made shown in a folder into
    /// this backend's row; `folder_album_firsts_leave` seeks a folder's first again when a row
    /// holds an asset that left), the statement triggers that call them (an update that changes
    /// no folder, key or shown state is neither), and the rows for the assets already there.
    static let migrationSQL = """
        CREATE TABLE folder_album_firsts (
            title text COLLATE "C" NOT NULL,
            shard integer NOT NULL,
            asset_id bigint NOT NULL,
            sort_key text COLLATE "C" NOT NULL,
            PRIMARY KEY (title, shard)
        );
        CREATE FUNCTION folder_album_firsts_enter(folders text[], ids bigint[], keys text[]) RETURNS void LANGUAGE sql AS $fn$
            INSERT INTO folder_album_firsts AS f (title, shard, asset_id, sort_key)
            SELECT DISTINCT ON (e.title) e.title, pg_backend_pid() % 16, e.id, e.sort_key
            FROM unnest(folders, ids, keys) AS e(title, id, sort_key)
            ORDER BY e.title, e.sort_key COLLATE "C" DESC, e.id DESC
            ON CONFLICT (title, shard) DO UPDATE SET asset_id = excluded.asset_id, sort_key = excluded.sort_key
            WHERE (excluded.sort_key, excluded.asset_id) > (f.sort_key, f.asset_id)
        $fn$;
        CREATE FUNCTION folder_album_firsts_leave(folders text[], ids bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
        DECLARE
            folder text;
            first_id bigint;
            first_key text;
            check_id bigint;
        BEGIN
            FOR folder IN
                SELECT DISTINCT f.title FROM folder_album_firsts f
                WHERE (f.title, f.asset_id) IN (SELECT * FROM unnest(folders, ids)) ORDER BY 1
            LOOP
                PERFORM 1 FROM folder_album_firsts f
                WHERE f.title = folder AND (f.title, f.asset_id) IN (SELECT * FROM unnest(folders, ids)) ORDER BY f.shard FOR UPDATE;
                LOOP
                    first_id := NULL;
                    SELECT a.id, a.sort_taken INTO first_id, first_key FROM assets a
                    WHERE a.album_folder = folder AND a.status = 'ok' AND a.missing = 0 AND a.hidden = 0 ORDER BY a.sort_taken DESC, a.id DESC LIMIT 1 FOR SHARE OF a;
                    check_id := NULL;
                    SELECT a.id INTO check_id FROM assets a
                    WHERE a.album_folder = folder AND a.status = 'ok' AND a.missing = 0 AND a.hidden = 0 ORDER BY a.sort_taken DESC, a.id DESC LIMIT 1;
                    EXIT WHEN check_id IS NOT DISTINCT FROM first_id;
                END LOOP;
                IF first_id IS NULL THEN
                    DELETE FROM folder_album_firsts f
                    WHERE f.title = folder AND (f.title, f.asset_id) IN (SELECT * FROM unnest(folders, ids));
                ELSE
                    UPDATE folder_album_firsts f SET asset_id = first_id, sort_key = first_key
                    WHERE f.title = folder AND (f.title, f.asset_id) IN (SELECT * FROM unnest(folders, ids));
                END IF;
            END LOOP;
        END
        $fn$;
        CREATE FUNCTION assets_album_first() RETURNS trigger LANGUAGE plpgsql AS $fn$
        DECLARE
            folders text[];
            ids bigint[];
            keys text[];
        BEGIN
            IF TG_OP = 'UPDATE' THEN
                SELECT array_agg(o.album_folder), array_agg(o.id) INTO folders, ids FROM old_rows o
                WHERE o.status = 'ok' AND o.missing = 0 AND o.hidden = 0 AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.status = 'ok' AND n.missing = 0 AND n.hidden = 0
                    AND n.album_folder = o.album_folder AND n.sort_taken = o.sort_taken);
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_leave(folders, ids); END IF;
                SELECT array_agg(a.album_folder), array_agg(a.id), array_agg(a.sort_taken) INTO folders, ids, keys FROM new_rows a
                WHERE a.status = 'ok' AND a.missing = 0 AND a.hidden = 0 AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = a.id AND o.status = 'ok' AND o.missing = 0 AND o.hidden = 0
                    AND o.album_folder = a.album_folder AND o.sort_taken = a.sort_taken);
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_enter(folders, ids, keys); END IF;
            ELSIF TG_OP = 'INSERT' THEN
                SELECT array_agg(a.album_folder), array_agg(a.id), array_agg(a.sort_taken) INTO folders, ids, keys FROM new_rows a
                WHERE a.status = 'ok' AND a.missing = 0 AND a.hidden = 0;
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_enter(folders, ids, keys); END IF;
            ELSE
                SELECT array_agg(o.album_folder), array_agg(o.id) INTO folders, ids FROM old_rows o WHERE o.status = 'ok' AND o.missing = 0 AND o.hidden = 0;
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_leave(folders, ids); END IF;
            END IF;
            RETURN NULL;
        END
        $fn$;
        CREATE TRIGGER assets_album_first_insert AFTER INSERT ON assets
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_first();
        CREATE TRIGGER assets_album_first_update AFTER UPDATE ON assets
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_first();
        CREATE TRIGGER assets_album_first_delete AFTER DELETE ON assets
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_first();
        INSERT INTO folder_album_firsts (title, shard, asset_id, sort_key)
        SELECT DISTINCT ON (a.album_folder) a.album_folder, 0, a.id, a.sort_taken FROM assets a WHERE a.status = 'ok' AND a.missing = 0 AND a.hidden = 0
        ORDER BY a.album_folder, a.sort_taken DESC, a.id DESC;
        """
}
