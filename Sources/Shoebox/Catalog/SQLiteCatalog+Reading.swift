import Foundation

extension SQLiteCatalog {
    /// Every column an `AssetRecord` is read from, in the order `record(from:)` reads them
    /// (a Live Photo's video path and duration come from its paired row).
    static let recordColumns = """
        id, path, root, kind, format, content_hash, file_size, mtime_ns, width, height, orientation, taken_at,
        taken_at_source, make, model, lens_model, iso, f_number, exposure_time, focal_length,
        gps_latitude, gps_longitude, gps_altitude, status, error_class, error_message, missing, added_at,
        duration_seconds, frame_rate, codec, frame_count, loop_count, content_identifier, motion_offset, motion_length,
        subtypes, paired_asset_id, pairing, hidden,
        (SELECT p.path FROM assets p WHERE p.id = assets.paired_asset_id),
        (SELECT p.duration_seconds FROM assets p WHERE p.id = assets.paired_asset_id), warning,
        rating, title, description, keywords, location_source
        """

    /// How many records `forEachRecordPage` reads before it fetches their thumbnails in one query.
    static let recordPageSize = 500

    public func forEachAsset(_ body: (AssetRecord) throws -> Void) throws {
        try read { db in
            // A Live Photo's video is part of its still's asset, not an asset of its own.
            let statement = try db.statement("SELECT \(Self.recordColumns) FROM assets WHERE hidden = 0 ORDER BY path")
            try Self.forEachRecordPage(of: statement, db: db) { page in
                for record in page { try body(record) }
            }
        }
    }

    public func asset(id: Int64) throws -> AssetRecord? {
        try read { db in
            try Self.records(of: db.statement("SELECT \(Self.recordColumns) FROM assets WHERE id = ?").bind(id), db: db).first
        }
    }

    public func asset(path: String) throws -> AssetRecord? {
        try read { db in
            try Self.records(of: db.statement("SELECT \(Self.recordColumns) FROM assets WHERE path = ?").bind(path), db: db).first
        }
    }

    /// Every record `statement` (a SELECT of `recordColumns`) yields, thumbnails included.
    static func records(of statement: SQLiteStatement, db: SQLiteConnection) throws -> [AssetRecord] {
        var records: [AssetRecord] = []
        try forEachRecordPage(of: statement, db: db) { records += $0 }
        return records
    }

    /// Reads `statement`'s rows (a SELECT of `recordColumns`) as full records, handing them to
    /// `body` a page at a time, in the statement's order. Each page's thumbnails come from one
    /// query, so reading N assets runs 1 + N / `recordPageSize` statements, whatever N is: the
    /// one path every listing, fetch and `show` reads records through.
    static func forEachRecordPage(of statement: SQLiteStatement, db: SQLiteConnection,
                                  _ body: ([AssetRecord]) throws -> Void) throws {
        var page: [AssetRecord] = []
        page.reserveCapacity(recordPageSize)
        while try statement.step() {
            page.append(record(from: statement))
            if page.count == recordPageSize {
                try body(try withThumbnails(page, db: db))
                page.removeAll(keepingCapacity: true)
            }
        }
        if !page.isEmpty { try body(try withThumbnails(page, db: db)) }
    }

    private static func withThumbnails(_ page: [AssetRecord], db: SQLiteConnection) throws -> [AssetRecord] {
        let thumbnails = try self.thumbnails(of: page.map(\.id), db: db)
        return page.map { record in
            var record = record
            record.thumbnails = thumbnails[record.id] ?? []
            return record
        }
    }

    /// A record without its thumbnails (`withThumbnails` adds a page's at once).
    static func record(from s: SQLiteStatement) -> AssetRecord {
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
            missing: s.int(26) != 0, addedAt: s.text(27), thumbnails: [])
        record.details = details(from: s, kind: kind)
        record.subtypes = Set(s.text(36).split(separator: ",").compactMap { AssetSubtype(rawValue: String($0)) })
        if kind == .livePhoto { record.subtypes.insert(.live) }
        record.pairedAssetID = s.isNull(37) ? nil : s.int64(37)
        record.pairing = s.optionalText(38).flatMap(LivePhotoPairing.Method.init(rawValue:))
        record.isPairedVideo = s.int(39) != 0 && kind == .video && record.pairedAssetID != nil
        record.pairedVideoPath = kind == .livePhoto ? s.optionalText(40) : nil
        record.warning = s.optionalText(named: "warning")
        readSidecarFields(from: s, into: &record.metadata)
        return record
    }

    /// The fields sidecars add (migration 7), read by name.
    private static func readSidecarFields(from s: SQLiteStatement, into metadata: inout PhotoMetadata) {
        metadata.rating = s.optionalInt("rating")
        metadata.title = s.optionalText("title")
        metadata.description = s.optionalText("description")
        metadata.keywords = s.optionalText("keywords").map(keywords(fromText:)) ?? []
        metadata.locationSource = metadata.location == nil ? nil : s.optionalText("location_source").flatMap(LocationSource.init(rawValue:))
    }

    /// A JSON array of strings as `keywordsText` wrote it; empty for anything else.
    static func keywords(fromText text: String) -> [String] {
        ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [Any] ?? []).compactMap { $0 as? String }
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
        try thumbnails(of: [id], db: db)[id] ?? []
    }

    /// The thumbnails of each of `ids`, in the order they were written, in one query (the ids
    /// go in as one JSON array, so that the statement's text, and its cache entry, is one).
    static func thumbnails(of ids: [Int64], db: SQLiteConnection) throws -> [Int64: [ThumbnailRecord]] {
        guard !ids.isEmpty else { return [:] }
        let statement = try db.statement("""
            SELECT asset_id, name, recipe, width, height, path FROM thumbnails
            WHERE asset_id IN (SELECT value FROM json_each(?)) ORDER BY rowid
            """).bind(jsonArray(ids))
        var thumbnails: [Int64: [ThumbnailRecord]] = [:]
        while try statement.step() {
            thumbnails[statement.int64("asset_id"), default: []].append(ThumbnailRecord(
                name: statement.text("name"), recipe: statement.text("recipe"), width: statement.int("width"),
                height: statement.int("height"), relativePath: statement.text("path")))
        }
        return thumbnails
    }

    /// `[1,2,3]`: row ids as a JSON array, for `json_each`.
    static func jsonArray(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
