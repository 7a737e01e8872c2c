extension SQLiteCatalog {
    private static let recordColumns = """
        id, path, root, kind, format, content_hash, file_size, mtime_ns, width, height, orientation, taken_at,
        taken_at_source, make, model, lens_model, iso, f_number, exposure_time, focal_length,
        gps_latitude, gps_longitude, gps_altitude, status, error_class, error_message, missing, added_at
        """

    public func forEachAsset(_ body: (AssetRecord) throws -> Void) throws {
        try read { db in
            let statement = try SQLiteStatement(connection: db, sql: "SELECT \(Self.recordColumns) FROM assets ORDER BY path")
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

    private static func record(from s: SQLiteStatement, db: SQLiteConnection) throws -> AssetRecord {
        var metadata = PhotoMetadata()
        metadata.orientation = s.optionalInt(10)
        metadata.takenAt = s.optionalText(11)
        metadata.takenAtSource = s.optionalText(12).flatMap(TakenAtSource.init(rawValue:))
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
        return AssetRecord(
            id: id, path: s.text(1), root: s.text(2), kind: AssetKind(rawValue: s.text(3)) ?? .photo,
            format: s.optionalText(4).flatMap(MediaFormat.init(rawValue:)), contentHash: s.optionalText(5),
            fileSize: s.int64(6), modifiedNanoseconds: s.int64(7), width: s.int(8), height: s.int(9),
            metadata: metadata, status: AssetRecord.Status(rawValue: s.text(23)) ?? .failed,
            errorClass: s.optionalText(24).flatMap(ErrorClass.init(rawValue:)), errorMessage: s.optionalText(25),
            missing: s.int(26) != 0, addedAt: s.text(27), thumbnails: try thumbnails(of: id, db: db))
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
