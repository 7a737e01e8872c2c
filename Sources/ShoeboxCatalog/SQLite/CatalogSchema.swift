/// The SQLite catalog's schema, as numbered migrations tracked in `PRAGMA user_version`.
///
/// A migration never changes once released: a new version appends a new one. Each runs in
/// its own transaction, so a crash mid-upgrade leaves the previous version intact.
enum CatalogSchema {
    static let migrations: [String] = [
        // 1: assets, their thumbnails, and the ingest runs that saw them.
        """
        CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            roots TEXT NOT NULL
        );
        CREATE TABLE assets (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            root TEXT NOT NULL,
            kind TEXT NOT NULL,
            format TEXT,
            content_hash TEXT,
            file_size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            width INTEGER NOT NULL DEFAULT 0,
            height INTEGER NOT NULL DEFAULT 0,
            orientation INTEGER,
            taken_at TEXT,
            taken_at_source TEXT,
            make TEXT,
            model TEXT,
            lens_model TEXT,
            iso INTEGER,
            f_number REAL,
            exposure_time REAL,
            focal_length REAL,
            gps_latitude REAL,
            gps_longitude REAL,
            gps_altitude REAL,
            status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
            error_class TEXT,
            error_message TEXT,
            missing INTEGER NOT NULL DEFAULT 0,
            seen_run INTEGER NOT NULL,
            added_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX assets_content_hash ON assets(content_hash);
        CREATE INDEX assets_status ON assets(status);
        CREATE TABLE thumbnails (
            asset_id INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            recipe TEXT NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            path TEXT NOT NULL,
            PRIMARY KEY (asset_id, name)
        );
        CREATE INDEX thumbnails_path ON thumbnails(path);
        """,
        // 2: GIF, video and Live Photo details; pairing of a still with its video.
        """
        ALTER TABLE assets ADD COLUMN duration_seconds REAL;
        ALTER TABLE assets ADD COLUMN frame_rate REAL;
        ALTER TABLE assets ADD COLUMN codec TEXT;
        ALTER TABLE assets ADD COLUMN frame_count INTEGER;
        ALTER TABLE assets ADD COLUMN loop_count INTEGER;
        ALTER TABLE assets ADD COLUMN content_identifier TEXT;
        ALTER TABLE assets ADD COLUMN motion_offset INTEGER;
        ALTER TABLE assets ADD COLUMN motion_length INTEGER;
        ALTER TABLE assets ADD COLUMN subtypes TEXT NOT NULL DEFAULT '';
        ALTER TABLE assets ADD COLUMN pair_key TEXT;
        ALTER TABLE assets ADD COLUMN paired_asset_id INTEGER REFERENCES assets(id) ON DELETE SET NULL;
        ALTER TABLE assets ADD COLUMN pairing TEXT;
        ALTER TABLE assets ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX assets_content_identifier ON assets(content_identifier) WHERE content_identifier IS NOT NULL;
        CREATE INDEX assets_pair_key ON assets(pair_key);
        """,
        // 3 (albums, issue 4): what fetches sort and filter by, as generated columns, with partial
        // indexes over the shown assets (status 'ok', not missing, not the hidden video of a Live
        // Photo) so that every fetch and count walks an index; user albums and their ordered
        // references; each album's rendered cover images. album_folder is the folder of the path
        // relative to the root ("2024/Paris"), or the root's own name for files directly in it;
        // rtrim(p, replace(p, '/', '')) is p up to its last '/'. Generated, so it follows every
        // change of path or root with no code to forget. The rule itself is `FolderAlbumTitle`
        // (Swift, what other backends store); FolderAlbumTitleTests holds this column to it.
        """
        ALTER TABLE assets ADD COLUMN album_folder TEXT GENERATED ALWAYS AS (
            CASE
            WHEN rtrim(path, replace(path, '/', '')) = rtrim(root, '/') || '/' THEN
                CASE WHEN rtrim(root, '/') = '' THEN '/'
                ELSE substr(rtrim(root, '/'), length(rtrim(rtrim(root, '/'), replace(rtrim(root, '/'), '/', ''))) + 1) END
            WHEN substr(path, 1, length(rtrim(root, '/')) + 1) = rtrim(root, '/') || '/' THEN
                substr(rtrim(path, replace(path, '/', '')), length(rtrim(root, '/')) + 2,
                       length(rtrim(path, replace(path, '/', ''))) - length(rtrim(root, '/')) - 2)
            ELSE rtrim(rtrim(path, replace(path, '/', '')), '/')
            END) VIRTUAL;
        ALTER TABLE assets ADD COLUMN file_name TEXT GENERATED ALWAYS AS (
            substr(path, length(rtrim(path, replace(path, '/', ''))) + 1)) VIRTUAL;
        ALTER TABLE assets ADD COLUMN sort_taken TEXT GENERATED ALWAYS AS (coalesce(taken_at, added_at)) VIRTUAL;
        CREATE INDEX assets_shown_taken ON assets(sort_taken) WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE INDEX assets_shown_added ON assets(added_at) WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE INDEX assets_shown_name ON assets(file_name COLLATE NOCASE) WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE INDEX assets_shown_kind ON assets(kind, sort_taken) WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE INDEX assets_shown_folder ON assets(album_folder, sort_taken) WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE INDEX assets_shown_folder_kind ON assets(album_folder, kind) WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE TABLE albums (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('folder', 'user')),
            title TEXT NOT NULL,
            cover_asset_id INTEGER REFERENCES assets(id) ON DELETE SET NULL,
            created_at TEXT NOT NULL,
            UNIQUE (kind, title)
        );
        CREATE INDEX albums_cover ON albums(cover_asset_id);
        CREATE TABLE album_assets (
            album_id INTEGER NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
            asset_id INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            PRIMARY KEY (album_id, asset_id)
        ) WITHOUT ROWID;
        CREATE INDEX album_assets_position ON album_assets(album_id, position);
        CREATE INDEX album_assets_asset ON album_assets(asset_id);
        CREATE TABLE album_covers (
            album_id INTEGER NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            recipe TEXT NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            path TEXT NOT NULL,
            PRIMARY KEY (album_id, name)
        );
        CREATE INDEX album_covers_path ON album_covers(path);
        """,
        // 4 (albums, issue 4): covering indexes for counts, so that every count is answered
        // from index entries alone, the location filter included (pages keep the narrower
        // indexes of 3, whose order is exactly key then id), and a narrow covering index that
        // user albums' references join to instead of the wide asset rows (measured in
        // docs/BENCHMARKS.md).
        """
        CREATE INDEX assets_shown_counts ON assets(kind, sort_taken, gps_latitude)
            WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE INDEX assets_shown_folder_dates ON assets(album_folder, sort_taken, kind, gps_latitude)
            WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        CREATE INDEX assets_shown_members ON assets(id, kind, sort_taken, gps_latitude)
            WHERE status = 'ok' AND missing = 0 AND hidden = 0;
        """,
        // 5 (reliability, issue 6): paths are `PathText`, so that a name that is not UTF-8 can
        // be catalogued; the few stored paths the escape writes differently (a backslash before
        // `x` or another backslash) are rewritten by `rewritePathsAsPathText`.
        """
        -- no schema change: see CatalogSchema.rewritePathsAsPathText
        """,
        // 6 (trust, issue 10): a note on an asset catalogued all the same (a motion photo whose
        // video is cut short is a photo with a warning), NULL for most.
        """
        ALTER TABLE assets ADD COLUMN warning TEXT;
        """,
        // 7 (sidecars, issue 11): what XMP sidecars and Google Takeout JSON add (rating, title,
        // description, keywords as a JSON array of strings), where the position came from, and
        // the stamp of the sidecars read, so that an edited sidecar is read again without a decode.
        """
        ALTER TABLE assets ADD COLUMN rating INTEGER;
        ALTER TABLE assets ADD COLUMN title TEXT;
        ALTER TABLE assets ADD COLUMN description TEXT;
        ALTER TABLE assets ADD COLUMN keywords TEXT;
        ALTER TABLE assets ADD COLUMN location_source TEXT;
        ALTER TABLE assets ADD COLUMN sidecar_stamp TEXT;
        """,
        // 8 (edited variants, issue 11): the files of one asset (`ResourceGrouping`). An asset
        // row's group_key gathers the files that may be one asset; resource_type is what the
        // file is to its asset, NULL when it stands alone; resource_of is the shown asset of a
        // member that is not shown itself (and is hidden). resource_files keeps the files that
        // are only ever resources (an `.aae`), never assets. group_key is filled for earlier
        // rows, and their groups made, by `groupEarlierAssets`.
        """
        ALTER TABLE assets ADD COLUMN group_key TEXT;
        ALTER TABLE assets ADD COLUMN resource_type TEXT;
        ALTER TABLE assets ADD COLUMN resource_of INTEGER REFERENCES assets(id) ON DELETE SET NULL;
        CREATE INDEX assets_group_key ON assets(group_key);
        CREATE INDEX assets_resource_of ON assets(resource_of) WHERE resource_of IS NOT NULL;
        CREATE TABLE resource_files (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            group_key TEXT NOT NULL,
            file_size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            seen_run INTEGER NOT NULL,
            resource_type TEXT,
            asset_id INTEGER REFERENCES assets(id) ON DELETE SET NULL
        );
        CREATE INDEX resource_files_group_key ON resource_files(group_key);
        CREATE INDEX resource_files_asset ON resource_files(asset_id);
        """,
        // 9 (errors that keep their cause, issue 29): a failure's stage, and the library that
        // refused the file with its own code and message (`IngestError.stage`, `.cause`).
        """
        ALTER TABLE assets ADD COLUMN error_stage TEXT;
        ALTER TABLE assets ADD COLUMN error_library TEXT;
        ALTER TABLE assets ADD COLUMN error_code TEXT;
        ALTER TABLE assets ADD COLUMN error_detail TEXT;
        """,
        // 10 (smart albums, issue 30): the person's favorite mark (1 yes, 0 no, NULL: the
        // rating decides), and the cover images of smart albums, which have no album row.
        """
        ALTER TABLE assets ADD COLUMN favorite INTEGER;
        CREATE TABLE smart_album_covers (
            title TEXT NOT NULL,
            name TEXT NOT NULL,
            recipe TEXT NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            path TEXT NOT NULL,
            PRIMARY KEY (title, name)
        );
        """,
        // 11 (places, issue 30): where a position is, as the places data named it (its
        // version, so that new data names every position again), and the UTC offset of a
        // capture time that had none, from the place's time zone, with where it came from.
        """
        ALTER TABLE assets ADD COLUMN place_city TEXT;
        ALTER TABLE assets ADD COLUMN place_region TEXT;
        ALTER TABLE assets ADD COLUMN place_country TEXT;
        ALTER TABLE assets ADD COLUMN place_country_code TEXT;
        ALTER TABLE assets ADD COLUMN place_zone TEXT;
        ALTER TABLE assets ADD COLUMN place_version TEXT;
        ALTER TABLE assets ADD COLUMN taken_offset INTEGER;
        ALTER TABLE assets ADD COLUMN taken_offset_source TEXT;
        CREATE INDEX assets_place_pending ON assets(id) WHERE gps_latitude IS NOT NULL;
        """,
        // 12 (kept moments, issue 30): each shown asset's instant and the moment it is kept
        // in, a flag for "cut it again" (a new row, a changed time or offset), the moments
        // themselves, and the index that finds what changed: flagged, shown without a moment,
        // or in a moment though no longer shown (`CatalogMoments.pending`).
        """
        ALTER TABLE assets ADD COLUMN taken_instant REAL;
        ALTER TABLE assets ADD COLUMN moment_id INTEGER;
        ALTER TABLE assets ADD COLUMN moment_pending INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX assets_taken_instant ON assets(taken_instant);
        CREATE INDEX assets_moment ON assets(moment_id);
        CREATE INDEX assets_moment_pending ON assets(id)
            WHERE moment_pending = 1 OR (moment_id IS NULL) = (status = 'ok' AND missing = 0 AND hidden = 0);
        CREATE TABLE moments (
            id INTEGER PRIMARY KEY,
            start_taken TEXT NOT NULL,
            end_taken TEXT NOT NULL,
            start_instant REAL NOT NULL,
            end_instant REAL NOT NULL,
            photos INTEGER NOT NULL,
            videos INTEGER NOT NULL,
            live_photos INTEGER NOT NULL,
            gifs INTEGER NOT NULL,
            cover_asset_id INTEGER NOT NULL,
            title TEXT NOT NULL,
            stale INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX moments_start_taken ON moments(start_taken);
        CREATE INDEX moments_start_instant ON moments(start_instant);
        CREATE INDEX moments_end_instant ON moments(end_instant);
        CREATE INDEX moments_stale ON moments(id) WHERE stale = 1;
        """,
        // 13 (Hidden, issue 30): the person's mark that hides an asset (1, else NULL), one of
        // the causes `hidden` is settled from (`CatalogVisibility`), and the Hidden album's
        // index, in capture order.
        """
        ALTER TABLE assets ADD COLUMN hidden_mark INTEGER;
        CREATE INDEX assets_hidden_mark ON assets(sort_taken) WHERE hidden_mark = 1;
        """,
        // 14 (Bursts, issue 30): the burst a photo's evidence names and whether its camera
        // marked it as the cover (`BurstEvidence`), the person's pick, and whether it is a
        // member its burst's representative stands for (`BurstRepresentative`), which hides it.
        """
        ALTER TABLE assets ADD COLUMN burst_key TEXT;
        ALTER TABLE assets ADD COLUMN burst_cover INTEGER;
        ALTER TABLE assets ADD COLUMN burst_pick INTEGER;
        ALTER TABLE assets ADD COLUMN burst_member INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX assets_burst ON assets(burst_key) WHERE burst_key IS NOT NULL;
        """,
        // 15 (issue 30): the `EvidenceReading.version` that read each asset; 0 for the rows of
        // earlier catalogs, whose files the next ingest reads again (not their pixels).
        """
        ALTER TABLE assets ADD COLUMN reading_version INTEGER NOT NULL DEFAULT 0;
        """,
        // 16 (issue 30): a frame its camera took in continuous drive (`ContinuousDrive`): the
        // camera (make and model), and its shot number where the camera counts them. The
        // catalog cuts each camera's such frames in a folder into bursts (`CatalogDriveRuns`).
        """
        ALTER TABLE assets ADD COLUMN drive_camera TEXT;
        ALTER TABLE assets ADD COLUMN drive_shot INTEGER;
        CREATE INDEX assets_drive ON assets(drive_camera, album_folder, taken_at) WHERE drive_camera IS NOT NULL;
        """,
        // 17 (issue 32): a paired asset found by its partner's id, as PostgreSQL's catalog has
        // had from its first version. Every record releases the recorded row's old pair
        // (`CatalogPairing.release`), which read the whole table without it: a library's ingest
        // slowed with its size (a third of its time at 40,000 photos).
        """
        CREATE INDEX assets_paired ON assets(paired_asset_id) WHERE paired_asset_id IS NOT NULL;
        """,
    ]

    /// Work a migration does in Swift, after its SQL and in the same transaction, keyed by the
    /// migration's index in `migrations`.
    static let rewrites: [Int: @Sendable (SQLiteConnection) throws -> Void] = [4: rewritePathsAsPathText,
                                                                     groupingMigration: groupEarlierAssets]

    /// The index of the migration that adds resource grouping, found by its text, so that it
    /// stays right whatever number the migration gets among others.
    static let groupingMigration = migrations.firstIndex { $0.contains("CREATE TABLE resource_files") }!

    static var currentVersion: Int { migrations.count }

    /// Brings the database up to `currentVersion` (or `version`, for tests); refuses a catalog
    /// from a newer Shoebox.
    static func migrate(_ connection: SQLiteConnection, path: String, upTo target: Int = currentVersion) throws {
        let version = try connection.userVersion()
        guard version <= currentVersion else {
            throw CatalogError.newerSchema(path: path, found: version, supported: currentVersion)
        }
        for index in version..<max(version, target) {
            try connection.transaction {
                try connection.execute(migrations[index])
                try rewrites[index]?(connection)
                try connection.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }

    /// Before migration 5 a path was stored as its own text. Its `PathText` differs only for a
    /// path holding a backslash before `x` or another backslash (a name that is not UTF-8 was
    /// never catalogued), and is longer then. Rows are rewritten longest first: a row's new
    /// text can only be another row's old text when that one is longer, and so already moved,
    /// so the unique path index holds at every step.
    static func rewritePathsAsPathText(_ connection: SQLiteConnection) throws {
        var rows: [(id: Int64, path: String, root: String)] = []
        let select = try connection.statement("SELECT id, path, root FROM assets WHERE instr(path, '\\') > 0 OR instr(root, '\\') > 0")
        while try select.step() { rows.append((select.int64(0), select.text(1), select.text(2))) }
        select.reset()
        for row in rows.sorted(by: { $0.path.utf8.count > $1.path.utf8.count }) {
            let path = PathText.encode(Array(row.path.utf8)), root = PathText.encode(Array(row.root.utf8))
            guard path != row.path || root != row.root else { continue }
            try connection.statement("UPDATE assets SET path = ?, root = ? WHERE id = ?").bind(path, root, row.id).run()
        }
    }

    /// Before migration 8 no row had a group key: each gets the one its path gives, and the
    /// keys several rows share are grouped as a new file would group them. `hidden` is set
    /// as migration 8's catalog held it (a group's resource, a Live Photo's video): the
    /// person's mark, which `CatalogVisibility` also reads, comes with migration 13.
    static func groupEarlierAssets(_ connection: SQLiteConnection) throws {
        var rows: [(id: Int64, path: String)] = []
        let select = try connection.statement("SELECT id, path FROM assets")
        while try select.step() { rows.append((select.int64("id"), select.text("path"))) }
        select.reset()
        var seen: [String: Int] = [:]
        for row in rows {
            let key = ResourceGrouping.key(forPath: row.path)
            seen[key, default: 0] += 1
            try connection.statement("UPDATE assets SET group_key = ? WHERE id = ?").bind(key, row.id).run()
        }
        try CatalogGrouping.regroup(Set(seen.filter { $0.value > 1 }.keys), settlingHidden: false, db: connection)
        try connection.execute("""
            UPDATE assets SET hidden = CASE WHEN resource_of IS NOT NULL OR (kind = 'video' AND paired_asset_id IS NOT NULL)
            THEN 1 ELSE 0 END WHERE group_key IS NOT NULL
            """)
    }
}
