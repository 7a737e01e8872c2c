-- A generated library in a PostgreSQL catalog, for scripts/bench-postgres.sh (run by psql with
-- -v assets=N into a database whose schema Shoebox made and which holds no asset yet).
--
-- The shape of a real library, deterministic (no random()): assets in folders of 200 under one
-- root, `YEAR/YEAR-MM event-NNNNN`, the years 2000-2024 spread over the folders in order, each
-- file's capture time its folder's day plus a minute per file (1% with none); kinds by
-- (i * 37) % 100: 88% photos, 6% videos, 3% GIFs, the rest photos; every 33rd file the still
-- of a Live Photo whose video is the next file (paired, hidden, as `record` leaves a pair): 3%
-- of the assets are Live Photos, 3% their hidden videos; 30% located; 0.2% failed, 0.5% missing;
-- two thumbnails each; one folder album row per folder and 100 user albums of 100 references,
-- each album with two cover records; one run.
--
-- The work queue: one item per asset, in the states a long ingest leaves: 86% done (finished
-- over the last 24 hours), 2% failed, 9% pending, 3% claimed by 8 workers (one in thirty of
-- their leases expired).
\set ON_ERROR_STOP on
BEGIN;
INSERT INTO runs (id, started_at, roots) VALUES (1, '2024-12-01T00:00:00Z', '["/library"]');

INSERT INTO assets (id, path, root, album_folder, file_name, kind, format, content_hash, file_size, mtime_ns, width, height,
    taken_at, taken_at_source, gps_latitude, gps_longitude, status, error_class, error_message, missing, seen_run,
    added_at, updated_at, content_identifier, pair_key, paired_asset_id, pairing, hidden, group_key)
SELECT i, '/library/' || folder || '/' || name, '/library', folder, name,
    kind, format, md5(i::text), 1500000 + (i * 7919) % 3000000, 1700000000000000000 + i * 1000000000,
    CASE WHEN kind = 'video' THEN 1920 ELSE 4032 END, CASE WHEN kind = 'video' THEN 1080 ELSE 3024 END,
    CASE WHEN i % 100 = 42 THEN NULL ELSE to_char(day + (i % 200) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS') END,
    CASE WHEN i % 100 = 42 THEN NULL ELSE 'DateTimeOriginal' END,
    CASE WHEN i % 10 < 3 THEN 48.85 + (i % 1000) / 10000.0 END, CASE WHEN i % 10 < 3 THEN 2.29 + (i % 997) / 10000.0 END,
    CASE WHEN i % 500 = 7 THEN 'failed' ELSE 'ok' END, CASE WHEN i % 500 = 7 THEN 'decode' END,
    CASE WHEN i % 500 = 7 THEN 'truncated file' END, CASE WHEN i % 200 = 11 THEN 1 ELSE 0 END, 1,
    to_char(timestamp '2024-12-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    to_char(timestamp '2024-12-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    CASE WHEN live IS NOT NULL THEN 'CID-' || (i - live) END,
    lower('/library/' || folder || '/' || base), CASE live WHEN 0 THEN i + 1 WHEN 1 THEN i - 1 END,
    CASE WHEN live IS NOT NULL THEN 'contentIdentifier' END, CASE live WHEN 1 THEN 1 ELSE 0 END,
    lower('/library/' || folder || '/' || base)
FROM (
    SELECT i, folder, day, live, base,
        base || CASE WHEN live = 0 THEN '.HEIC' WHEN live = 1 THEN '.MOV'
            WHEN (i * 37) % 100 BETWEEN 88 AND 93 THEN '.MOV' WHEN (i * 37) % 100 BETWEEN 94 AND 96 THEN '.GIF'
            ELSE '.JPG' END AS name,
        CASE WHEN live = 0 THEN 'livePhoto' WHEN live = 1 THEN 'video'
            WHEN (i * 37) % 100 BETWEEN 88 AND 93 THEN 'video' WHEN (i * 37) % 100 BETWEEN 94 AND 96 THEN 'gif'
            ELSE 'photo' END AS kind,
        CASE WHEN live = 0 THEN 'heic' WHEN live = 1 THEN 'mov'
            WHEN (i * 37) % 100 BETWEEN 88 AND 93 THEN 'mp4' WHEN (i * 37) % 100 BETWEEN 94 AND 96 THEN 'gif'
            ELSE 'jpeg' END AS format
    FROM (
        SELECT i, folder_number,
            to_char(date '2000-01-01' + folder_number * (9131.0 * 200 / :assets) * interval '1 day', 'YYYY/YYYY-MM')
                || ' event-' || lpad(folder_number::text, 5, '0') AS folder,
            timestamp '2000-01-01 09:00' + folder_number * (9131.0 * 200 / :assets) * interval '1 day' AS day,
            -- 0 for a Live Photo's still, 1 for its video (same folder: never the last file of one).
            CASE WHEN i % 33 = 0 AND i % 200 <> 0 AND i < :assets THEN 0
                 WHEN i % 33 = 1 AND (i - 1) % 200 <> 0 AND i > 1 THEN 1 END AS live
        FROM (SELECT i, (i - 1) / 200 AS folder_number FROM generate_series(1::bigint, :assets) AS i) AS numbered
    ) AS placed, LATERAL (SELECT 'IMG_' || lpad((i - coalesce(live, 0))::text, 7, '0') AS base) AS named_after
) AS named;
SELECT setval(pg_get_serial_sequence('assets', 'id'), :assets) AS last_asset_id \gset

INSERT INTO thumbnails (asset_id, name, recipe, width, height, path)
SELECT id, spec.name, spec.recipe, spec.width, spec.height,
    'thumbs/' || left(content_hash, 2) || '/' || content_hash || '-' || spec.recipe || '.jpg'
FROM assets, (VALUES ('thumb', '555501e9c91a85a4', 256, 192), ('preview', '9a0d2c7e11b3f480', 1024, 768))
    AS spec(name, recipe, width, height)
WHERE status = 'ok';

INSERT INTO albums (kind, title, created_at)
SELECT DISTINCT 'folder', album_folder, '2024-12-01T00:00:00Z' FROM assets;
INSERT INTO albums (kind, title, created_at)
SELECT 'user', 'Favourites ' || lpad(n::text, 3, '0'), '2024-12-01T00:00:00Z' FROM generate_series(0, 99) AS n;
INSERT INTO album_assets (album_id, asset_id, position)
SELECT al.id, 1 + ((al.id * 7919 + p * 104729) % :assets), p
FROM albums al, generate_series(0, 99) AS p WHERE al.kind = 'user'
ON CONFLICT DO NOTHING;
INSERT INTO album_covers (album_id, name, recipe, width, height, path)
SELECT al.id, cover.name, '0123456789abcdef', 512, 512, 'covers/' || left(md5(al.title || cover.name), 2) || '/'
    || md5(al.title || cover.name) || '-0123456789abcdef.jpg'
FROM albums al, (VALUES ('cover-512'), ('mosaic-512')) AS cover(name);

INSERT INTO work_queue (path, root, file_size, mtime_ns, enqueued_run, enqueued_at, state, attempt, worker_id, worker_host,
    worker_pid, claimed_at, lease_expires_at, finished_at, error)
SELECT path, root, file_size, mtime_ns, 1, now() - interval '25 hours', state,
    CASE WHEN state = 'pending' THEN 0 ELSE 1 END,
    CASE WHEN state <> 'pending' THEN 'worker-' || (id % 8) END, CASE WHEN state <> 'pending' THEN 'host-' || (id % 4) END,
    CASE WHEN state <> 'pending' THEN 1000 + (id % 8)::int END,
    CASE WHEN state = 'claimed' THEN now() - interval '30 seconds' WHEN state <> 'pending' THEN finished - interval '1 second' END,
    CASE WHEN state = 'claimed' THEN now() + CASE WHEN id % 30 = 0 THEN interval '-1 minute' ELSE interval '2 minutes' END END,
    CASE WHEN state IN ('done', 'failed') THEN finished END,
    CASE WHEN state = 'failed' THEN 'truncated file' END
FROM (
    SELECT id, path, root, file_size, mtime_ns,
        CASE WHEN id > :assets * 0.88 AND id <= :assets * 0.97 THEN 'pending'
             WHEN id > :assets * 0.97 THEN 'claimed' WHEN id % 50 = 3 THEN 'failed' ELSE 'done' END AS state,
        -- The items finished one after another over the last 24 hours, the last just now.
        now() - (:assets * 0.88 - id) * (86400.0 / (:assets * 0.88)) * interval '1 second' AS finished
    FROM assets
) AS items;
COMMIT;
VACUUM ANALYZE;
