/// The statements that record an asset or a failure, their texts built once per backend from
/// the columns its schema derives from a file's place (`CatalogDatabase.recordingSQL`): an
/// ingest records every file through them, so no file pays for building fifty assignments.
struct CatalogRecordingSQL: Sendable {
    /// The columns `CatalogRecording.assetValues` gives values for, after the place's.
    static let assetColumns = [
        "kind", "format", "content_hash", "file_size", "mtime_ns", "width", "height", "orientation", "make", "model",
        "lens_model", "iso", "f_number", "exposure_time", "focal_length", "seen_run", "updated_at", "duration_seconds",
        "frame_rate", "codec", "frame_count", "loop_count", "content_identifier", "motion_offset", "motion_length", "subtypes",
        "paired_asset_id", "pairing", "warning", "burst_key", "burst_cover", "burst_member", "reading_version", "drive_camera", "drive_shot",
    ] + CatalogColumns.sidecar

    /// A healthy asset keeps no failure's stage or cause.
    static let noFailureCause = "error_stage = NULL, error_library = NULL, error_code = NULL, error_detail = NULL"

    /// Values: the place's, the asset's, then `added_at`. Returns the row's id where the
    /// dialect returns it cheaply (`SQLDialect.returningID`).
    let insertAsset: String
    /// Values: the place's, the asset's, then the id.
    let updateAsset: String
    /// Values: the place's, the failure's (size, mtime, hash, class, reason, stage, library,
    /// code, the library's message, run, time), then the id.
    let markFailed: String
    /// Values: the place's, the failure's, `added_at`, then the kind. Returns the row's id as
    /// `insertAsset` does.
    let insertFailed: String

    init(placeColumns: [String], dialect: SQLDialect) {
        let columns = placeColumns + Self.assetColumns
        let healthy = "status = 'ok', error_class = NULL, error_message = NULL, \(Self.noFailureCause), missing = 0"
        let placeholders = { (count: Int) in Array(repeating: "?", count: count).joined(separator: ", ") }
        insertAsset = """
            INSERT INTO assets (\(columns.joined(separator: ", ")), added_at, status)
            VALUES (\(placeholders(columns.count + 1)), 'ok')
            ON CONFLICT (path) DO UPDATE SET \(columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")), \(healthy)
            """ + dialect.returningID
        updateAsset = "UPDATE assets SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), \(healthy) WHERE id = ?"
        markFailed = """
            UPDATE assets SET \(placeColumns.map { "\($0) = ?" }.joined(separator: ", ")), file_size = ?, mtime_ns = ?,
            content_hash = coalesce(?, content_hash), status = 'failed', error_class = ?, error_message = ?,
            error_stage = ?, error_library = ?, error_code = ?, error_detail = ?, warning = NULL,
            missing = 0, seen_run = ?, updated_at = ? WHERE id = ?
            """
        insertFailed = """
            INSERT INTO assets (\(placeColumns.joined(separator: ", ")), file_size, mtime_ns, content_hash, status,
            error_class, error_message, error_stage, error_library, error_code, error_detail, seen_run, updated_at, added_at, kind)
            VALUES (\(placeholders(placeColumns.count)), ?, ?, ?, 'failed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (path) DO UPDATE SET root = excluded.root, file_size = excluded.file_size,
            mtime_ns = excluded.mtime_ns, content_hash = coalesce(excluded.content_hash, assets.content_hash),
            status = 'failed', error_class = excluded.error_class, error_message = excluded.error_message,
            error_stage = excluded.error_stage, error_library = excluded.error_library, error_code = excluded.error_code,
            error_detail = excluded.error_detail,
            warning = NULL, missing = 0, seen_run = excluded.seen_run, updated_at = excluded.updated_at
            """ + dialect.returningID
    }
}
