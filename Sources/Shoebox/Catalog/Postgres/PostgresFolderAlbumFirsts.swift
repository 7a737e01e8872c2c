/// Each folder album's first shown asset in its own order (its cover when it has no explicit
/// one), kept by triggers in `folder_album_firsts` so that `albums()` reads it in place of one
/// index seek per folder (5,000 seeks, about 150 ms at a million assets: docs/BENCHMARKS.md).
/// Migration 2 of `PostgresAlbumCountsSchema`.
///
/// What the order is stays in Swift: the SQL is built from `PostgresFetchQuery`'s order of a
/// folder album (newest first), so the kept first is the asset a page of the album starts with.
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
    /// The folder album's order: `expression` on `assets a`, and its direction.
    private static let order = AssetFetchQuery(AssetFetchOptions(album: .folder(""), sort: .albumOrder), userAlbumID: nil,
                                               dialect: .postgres).order

    /// The kept key's column is `sort_key`; `a.` in the order's expression names the asset row.
    private static var keyExpression: String { key("a") }
    private static var direction: String { order.direction }
    /// "comes before" between (key, id) pairs in the album's order.
    private static var precedes: String { order.ascending ? "<" : ">" }

    /// `ShownAssets.condition("a")` for rows named `alias` in place of `a`.
    private static func shown(_ alias: String) -> String {
        ShownAssets.condition(alias)
    }

    /// The order's key of rows named `alias` in place of `a`.
    private static func key(_ alias: String) -> String {
        order.expression.replacingOccurrences(of: "a.", with: "\(alias).")
    }

    /// A folder's rows in the listing's order, the first first: `ORDER BY title, ` this.
    static var rowOrder: String { "sort_key \(direction), asset_id \(direction)" }

    static let migrationSQL: String = """
        CREATE TABLE folder_album_firsts (
            title text COLLATE "C" NOT NULL,
            shard integer NOT NULL,
            asset_id bigint NOT NULL,
            sort_key text COLLATE "C" NOT NULL,
            PRIMARY KEY (title, shard)
        );
        \(enterFunction)
        \(leaveFunction)
        \(triggerFunction)
        CREATE TRIGGER assets_album_first_insert AFTER INSERT ON assets
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_first();
        CREATE TRIGGER assets_album_first_update AFTER UPDATE ON assets
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_first();
        CREATE TRIGGER assets_album_first_delete AFTER DELETE ON assets
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_album_first();
        INSERT INTO folder_album_firsts (title, shard, asset_id, sort_key)
        SELECT DISTINCT ON (a.album_folder) a.album_folder, 0, a.id, \(keyExpression) FROM assets a WHERE \(shown("a"))
        ORDER BY a.album_folder, \(order.orderBy);
        """

    /// Assets made shown (folder, id, key), per folder the first of them upserted into this
    /// backend's row when it comes before the row's asset. The conflicting row stays locked
    /// even when it is not updated, which `leaveFunction`'s lock relies on.
    private static let enterFunction = """
        CREATE FUNCTION folder_album_firsts_enter(folders text[], ids bigint[], keys text[]) RETURNS void LANGUAGE sql AS $fn$
            INSERT INTO folder_album_firsts AS f (title, shard, asset_id, sort_key)
            SELECT DISTINCT ON (e.title) e.title, pg_backend_pid() % 16, e.id, e.sort_key
            FROM unnest(folders, ids, keys) AS e(title, id, sort_key)
            ORDER BY e.title, e.sort_key COLLATE "C" \(direction), e.id \(direction)
            ON CONFLICT (title, shard) DO UPDATE SET asset_id = excluded.asset_id, sort_key = excluded.sort_key
            WHERE (excluded.sort_key, excluded.asset_id) \(precedes) (f.sort_key, f.asset_id)
        $fn$;
        """

    /// Assets that stopped being shown in a folder (folder, id): in each folder where a row
    /// holds one of them, those rows locked, the folder's first sought again, and written in.
    private static let leaveFunction = """
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
                    SELECT a.id, \(keyExpression) INTO first_id, first_key FROM assets a
                    WHERE a.album_folder = folder AND \(shown("a")) ORDER BY \(order.orderBy) LIMIT 1 FOR SHARE OF a;
                    check_id := NULL;
                    SELECT a.id INTO check_id FROM assets a
                    WHERE a.album_folder = folder AND \(shown("a")) ORDER BY \(order.orderBy) LIMIT 1;
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
        """

    /// The statement trigger: which shown assets left a folder or moved within its order, and
    /// which entered one (a row updated without a change to its folder, key or shown state is
    /// neither, so re-recording an unchanged file writes nothing here).
    private static let triggerFunction = """
        CREATE FUNCTION assets_album_first() RETURNS trigger LANGUAGE plpgsql AS $fn$
        DECLARE
            folders text[];
            ids bigint[];
            keys text[];
        BEGIN
            IF TG_OP = 'UPDATE' THEN
                SELECT array_agg(o.album_folder), array_agg(o.id) INTO folders, ids FROM old_rows o
                WHERE \(shown("o")) AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND \(shown("n"))
                    AND n.album_folder = o.album_folder AND \(key("n")) = \(key("o")));
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_leave(folders, ids); END IF;
                SELECT array_agg(a.album_folder), array_agg(a.id), array_agg(\(keyExpression)) INTO folders, ids, keys FROM new_rows a
                WHERE \(shown("a")) AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = a.id AND \(shown("o"))
                    AND o.album_folder = a.album_folder AND \(key("o")) = \(keyExpression));
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_enter(folders, ids, keys); END IF;
            ELSIF TG_OP = 'INSERT' THEN
                SELECT array_agg(a.album_folder), array_agg(a.id), array_agg(\(keyExpression)) INTO folders, ids, keys FROM new_rows a
                WHERE \(shown("a"));
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_enter(folders, ids, keys); END IF;
            ELSE
                SELECT array_agg(o.album_folder), array_agg(o.id) INTO folders, ids FROM old_rows o WHERE \(shown("o"));
                IF folders IS NOT NULL THEN PERFORM folder_album_firsts_leave(folders, ids); END IF;
            END IF;
            RETURN NULL;
        END
        $fn$;
        """
}
