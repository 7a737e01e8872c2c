extension SQLiteCatalog {
    /// Every column an `AssetRecord` is read from, in the order `record(from:db:)` reads them
    /// (a Live Photo's video path and duration come from its paired row).
    static let recordColumns = """
        id, path, root, kind, format, content_hash, file_size, mtime_ns, width, height, orientation, taken_at,
        taken_at_source, make, model, lens_model, iso, f_number, exposure_time, focal_length,
        gps_latitude, gps_longitude, gps_altitude, status, error_class, error_message, missing, added_at,
        duration_seconds, frame_rate, codec, frame_count, loop_count, content_identifier, motion_offset, motion_length,
        subtypes, paired_asset_id, pairing, hidden,
        (SELECT p.path FROM assets p WHERE p.id = assets.paired_asset_id),
        (SELECT p.duration_seconds FROM assets p WHERE p.id = assets.paired_asset_id)
        """

    public func forEachAsset(_ body: (AssetRecord) throws -> Void) throws {
        try read { db in
            // A Live Photo's video is part of its still's asset, not an asset of its own.
            let statement = try SQLiteStatement(connection: db,
                                                sql: "SELECT \(Self.recordColumns) FROM assets WHERE hidden = 0 ORDER BY path")
            while try statement.step() {
                try body(try Self.record(from: statement, db: db))
            }
        }
    }

    public func asset(id: Int64) throws -> AssetRecord? {
        try read { db in
            let statement = try db.statement("SELECT \(Self.recordColumns) FROM assets WHERE id = ?").bind(id)
            return try statement.step() ? try Self.record(from: statement, db: db) : nil
        }
    }

    public func asset(path: String) throws -> AssetRecord? {
        try read { db in
            let statement = try db.statement("SELECT \(Self.recordColumns) FROM assets WHERE path = ?").bind(path)
            return try statement.step() ? try Self.record(from: statement, db: db) : nil
        }
    }

    static func record(from s: SQLiteStatement, db: SQLiteConnection) throws -> AssetRecord {
        var metadata = PhotoMetadata()
        metadata.orientation = s.optionalInt(10)
        metadata.takenAt = s.optionalText(11)
        metadata.takenAtSource = s.optionalText(12).flatMap { TakenAtSource(stored: $0, format: s.optionalText(4).flatMap(MediaFormat.init(rawValue:))) }
        metadata.make = s.optionalText(13)
        metadata.model = s.optionalText(14)
        metadata.lensModel = s.optionalText(15)
        metadata.iso = s.optionalInt(16)
        metadata.fNumber = s.optionalDouble(17)
        metadata.exposureTime = s.optionalDouble(18)
        metadata.focalLength = s.optionalDouble(19)
        if let latitude = s.optionalDouble(20), let longitude = s.optionalDouble(21) {
            metadata.location = GPSLocation(latitude: latitude, longitude: longitude, altitude: s.optionalDouble(22))
        }
        let id = s.int64(0)
        let kind = AssetKind(rawValue: s.text(3)) ?? .photo
        var record = AssetRecord(
            id: id, path: s.text(1), root: s.text(2), kind: kind,
            format: s.optionalText(4).flatMap(MediaFormat.init(rawValue:)), contentHash: s.optionalText(5),
            fileSize: s.int64(6), modifiedNanoseconds: s.int64(7), width: s.int(8), height: s.int(9),
            metadata: metadata, status: AssetRecord.Status(rawValue: s.text(23)) ?? .failed,
            errorClass: s.optionalText(24).flatMap(ErrorClass.init(rawValue:)), errorMessage: s.optionalText(25),
            missing: s.int(26) != 0, addedAt: s.text(27), thumbnails: try thumbnails(of: id, db: db))
        record.details = details(from: s, kind: kind)
        record.subtypes = Set(s.text(36).split(separator: ",").compactMap { AssetSubtype(rawValue: String($0)) })
        if kind == .livePhoto { record.subtypes.insert(.live) }
        record.pairedAssetID = s.isNull(37) ? nil : s.int64(37)
        record.pairing = s.optionalText(38).flatMap(LivePhotoPairing.Method.init(rawValue:))
        record.isPairedVideo = s.int(39) != 0
        record.pairedVideoPath = kind == .livePhoto ? s.optionalText(40) : nil
        return record
    }

    private static func details(from s: SQLiteStatement, kind: AssetKind) -> MediaDetails {
        var details = MediaDetails()
        details.durationSeconds = s.optionalDouble(28) ?? (kind == .livePhoto ? s.optionalDouble(41) : nil)
        details.frameRate = s.optionalDouble(29)
        details.codec = s.optionalText(30)
        details.frameCount = s.optionalInt(31)
        details.loopCount = s.optionalInt(32)
        details.contentIdentifier = s.optionalText(33)
        if let offset = s.optionalInt(34), let length = s.optionalInt(35) {
            details.motionPhoto = EmbeddedVideo(offset: Int64(offset), length: Int64(length))
        }
        return details
    }

    static func thumbnails(of id: Int64, db: SQLiteConnection) throws -> [ThumbnailRecord] {
        let statement = try db.statement("SELECT name, recipe, width, height, path FROM thumbnails WHERE asset_id = ? ORDER BY rowid")
            .bind(id)
        var thumbnails: [ThumbnailRecord] = []
        while try statement.step() {
            thumbnails.append(ThumbnailRecord(name: statement.text(0), recipe: statement.text(1), width: statement.int(2),
                                              height: statement.int(3), relativePath: statement.text(4)))
        }
        return thumbnails
    }
}
