/// The folder albums' kept counts folded to one row per (folder, shard) with a column per
/// kind of asset (`folder_album_kind_counts`), in place of a row per (folder, kind, shard):
/// the listing sums 5,000 rows for 5,000 folders, not 20,000 (the grouping of those was
/// most of the listing statement's server time, docs/BENCHMARKS.md). Migration 3 of
/// `PostgresAlbumCountsSchema`: it replaces the counting trigger function of migration 1
/// with one whose user album part is the same and whose folder part writes here, fills the
/// table from the old one and drops that.
///
/// The columns are integers: a shard row's count never nears 2^31, and a sum of integers is a
/// bigint, where a sum of bigints is a numeric (slower). A new kind of asset needs a migration
/// adding its column; `column(for:)` is exhaustive, so it cannot be forgotten.
enum PostgresFolderAlbumKindCounts {
    /// The column counting `kind`'s shown assets.
    static func column(for kind: AssetKind) -> String {
        switch kind {
        case .photo: "photo"
        case .video: "video"
        case .livePhoto: "live_photo"
        case .gif: "gif"
        }
    }

    /// Per kind, in the table's column order, the sum of `measure` over the grouped rows of
    /// that kind. The kinds are written out, not taken from `AssetKind`: a migration's text
    /// must not change once it has run.
    private static func countsByKind(_ measure: String) -> String {
        """
        coalesce(sum(\(measure)) FILTER (WHERE kind = 'photo'), 0), coalesce(sum(\(measure)) FILTER (WHERE kind = 'video'), 0),
        coalesce(sum(\(measure)) FILTER (WHERE kind = 'livePhoto'), 0), coalesce(sum(\(measure)) FILTER (WHERE kind = 'gif'), 0)
        """
    }

    private static let upsertTail = """
        ON CONFLICT (title, shard) DO UPDATE SET photo = f.photo + excluded.photo, video = f.video + excluded.video,
            live_photo = f.live_photo + excluded.live_photo, gif = f.gif + excluded.gif
        """

    private static let insertHead = "INSERT INTO folder_album_kind_counts AS f (title, shard, photo, video, live_photo, gif)"

    static let migrationSQL = """
        CREATE TABLE folder_album_kind_counts (
            title text COLLATE "C" NOT NULL,
            shard integer NOT NULL,
            photo integer NOT NULL,
            video integer NOT NULL,
            live_photo integer NOT NULL,
            gif integer NOT NULL,
            PRIMARY KEY (title, shard)
        );
        CREATE OR REPLACE FUNCTION assets_album_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                \(insertHead)
                SELECT album_folder, pg_backend_pid() % 16, \(countsByKind("1")) FROM new_rows
                WHERE status = 'ok' AND missing = 0 AND hidden = 0 GROUP BY album_folder
                \(upsertTail);
            ELSIF TG_OP = 'UPDATE' THEN
                WITH changes AS (
                    SELECT id, album_folder, kind, -1 AS change FROM old_rows WHERE status = 'ok' AND missing = 0 AND hidden = 0
                    UNION ALL
                    SELECT id, album_folder, kind, 1 FROM new_rows WHERE status = 'ok' AND missing = 0 AND hidden = 0
                ), folders AS (
                    \(insertHead)
                    SELECT * FROM (
                        SELECT album_folder, pg_backend_pid() % 16, \(countsByKind("change")) FROM changes GROUP BY album_folder
                    ) AS by_folder (title, shard, photo, video, live_photo, gif)
                    WHERE photo <> 0 OR video <> 0 OR live_photo <> 0 OR gif <> 0
                    \(upsertTail)
                ), members AS (
                    SELECT id, kind, sum(change) AS change FROM changes GROUP BY id, kind HAVING sum(change) <> 0
                )
                INSERT INTO user_album_counts (album_id, kind, shard, assets)
                SELECT m.album_id, c.kind, pg_backend_pid() % 16, sum(c.change) FROM members c
                JOIN album_assets m ON m.asset_id = c.id GROUP BY m.album_id, c.kind HAVING sum(c.change) <> 0
                ON CONFLICT (album_id, kind, shard) DO UPDATE SET assets = user_album_counts.assets + excluded.assets;
            ELSE
                \(insertHead)
                SELECT album_folder, pg_backend_pid() % 16, \(countsByKind("-1")) FROM old_rows
                WHERE status = 'ok' AND missing = 0 AND hidden = 0 GROUP BY album_folder
                \(upsertTail);
            END IF;
            RETURN NULL;
        END
        $fn$;
        \(insertHead)
        SELECT title, shard, \(countsByKind("assets::integer")) FROM folder_album_counts GROUP BY title, shard;
        DROP TABLE folder_album_counts;
        """
}
