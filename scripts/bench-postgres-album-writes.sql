-- The album-count triggers' server time per recorded file on a generated catalog
-- (bench-postgres-generate.sql, album counts at version 3 or later), in one transaction rolled
-- back: 2,000 files into 10 new folders, newest last (each its folder's new first), each an
-- INSERT then an UPDATE of its group key (as `record` does), every 33rd file hidden after it (a
-- Live Photo's video: the folder's first leaves, a new seek). Prints "ms per file N".
--
--   psql URL -Xq -v mode=after -f scripts/bench-postgres-album-writes.sql
--
-- mode: after (as migrated); nofirsts (the kept firsts' triggers off); before (album counts as
-- migration 1 left them: its counting function put back from the file :v1fn, saved with
-- `psql -XAtc "SELECT pg_get_functiondef('assets_album_count'::regproc)"` on a catalog at
-- version 1, and its table made, both inside the rolled-back transaction; the firsts' off).
\set ON_ERROR_STOP on
BEGIN;
SELECT :'mode' = 'before' AS before, :'mode' = 'nofirsts' AS nofirsts \gset
\if :before
CREATE TABLE IF NOT EXISTS folder_album_counts (title text COLLATE "C" NOT NULL, kind text NOT NULL, shard integer NOT NULL,
    assets bigint NOT NULL, PRIMARY KEY (title, kind, shard));
\i :v1fn
;
ALTER TABLE assets DISABLE TRIGGER assets_album_first_insert;
ALTER TABLE assets DISABLE TRIGGER assets_album_first_update;
ALTER TABLE assets DISABLE TRIGGER assets_album_first_delete;
\endif
\if :nofirsts
ALTER TABLE assets DISABLE TRIGGER assets_album_first_insert;
ALTER TABLE assets DISABLE TRIGGER assets_album_first_update;
ALTER TABLE assets DISABLE TRIGGER assets_album_first_delete;
\endif
DO $$
DECLARE
    started timestamptz := clock_timestamp();
    new_id bigint;
BEGIN
    FOR i IN 1..2000 LOOP
        INSERT INTO assets (path, root, album_folder, file_name, kind, format, content_hash, file_size, mtime_ns, width, height,
            taken_at, taken_at_source, status, missing, seen_run, added_at, updated_at, hidden, group_key)
        VALUES ('/library/wcost/' || (i / 200) || '/' || i || '.JPG', '/library', 'wcost/' || (i / 200), i || '.JPG', 'photo', 'jpeg',
            md5('wcost' || i), 1000, 1, 4032, 3024, to_char(timestamp '2030-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS'),
            'DateTimeOriginal', 'ok', 0, 1, '2030-01-01T00:00:00Z', '2030-01-01T00:00:00Z', 0, 'x')
        RETURNING id INTO new_id;
        UPDATE assets SET group_key = '/library/wcost/' || i WHERE id = new_id;
        IF i % 33 = 0 THEN UPDATE assets SET hidden = 1 WHERE id = new_id; END IF;
    END LOOP;
    RAISE NOTICE 'ms per file %', round((extract(epoch FROM clock_timestamp() - started) * 1000 / 2000)::numeric, 3);
END
$$;
ROLLBACK;
