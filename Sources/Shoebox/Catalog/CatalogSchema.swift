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
    ]

    static var currentVersion: Int { migrations.count }

    /// Brings the database up to `currentVersion`; refuses a catalog from a newer Shoebox.
    static func migrate(_ connection: SQLiteConnection, path: String) throws {
        let version = try connection.userVersion()
        guard version <= currentVersion else {
            throw CatalogError.newerSchema(path: path, found: version, supported: currentVersion)
        }
        for index in version..<currentVersion {
            try connection.transaction {
                try connection.execute(migrations[index])
                try connection.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
