import Foundation

/// Reading whole records: listings, `show`, and the pages of a fetch. Each read is one snapshot.
extension PostgresCatalog {
    /// Every column an `AssetRecord` is read from (a Live Photo's video path and duration
    /// come from its paired row), all read by name.
    static let recordColumns = """
        id, path, root, kind, format, content_hash, file_size, mtime_ns, width, height, orientation, taken_at,
        taken_at_source, make, model, lens_model, iso, f_number, exposure_time, focal_length,
        gps_latitude, gps_longitude, gps_altitude, status, error_class, error_message, missing, added_at,
        duration_seconds, frame_rate, codec, frame_count, loop_count, content_identifier, motion_offset, motion_length,
        subtypes, paired_asset_id, pairing, hidden,
        (SELECT p.path FROM assets p WHERE p.id = assets.paired_asset_id) AS paired_path,
        (SELECT p.duration_seconds FROM assets p WHERE p.id = assets.paired_asset_id) AS paired_duration, warning,
        rating, title, description, keywords, location_source
        """

    /// How many records `forEachAsset` reads at a time (and reads the thumbnails of in one query).
    static let recordPageSize = 500

    /// Every asset but Live Photo videos, ordered by path (bytes), a page at a time: each page
    /// one snapshot read after the last path handed over (through the path index), and `body`
    /// called between reads, holding no transaction. A page whose read is run again (after a
    /// reconnect) starts after the last path delivered, so no asset is handed over twice.
    public func forEachAsset(_ body: (AssetRecord) throws -> Void) throws {
        var after = ""   // every path is longer, so follows it
        while true {
            let page = try read { db in
                try Self.withThumbnails(db.query("""
                    SELECT \(Self.recordColumns) FROM assets WHERE hidden = 0 AND path > $1 ORDER BY path LIMIT $2
                    """, after, Self.recordPageSize).rows.map(Self.record(from:)), db: db)
            }
            for record in page { try body(record) }
            guard page.count == Self.recordPageSize, let last = page.last else { return }
            after = last.path
        }
    }

    public func asset(id: Int64) throws -> AssetRecord? {
        try read { db in
            try Self.withThumbnails(db.query("SELECT \(Self.recordColumns) FROM assets WHERE id = $1", id).rows.map(Self.record(from:)),
                                    db: db).first
        }
    }

    public func asset(path: String) throws -> AssetRecord? {
        try read { db in
            try Self.withThumbnails(db.query("SELECT \(Self.recordColumns) FROM assets WHERE path = $1", path).rows
                .map(Self.record(from:)), db: db).first
        }
    }

    public func recordedThumbnailPaths() throws -> Set<String> {
        try distinctPaths(in: "thumbnails")
    }

    /// Every `path` of `table` (a table of derivative files: thumbnails, album covers), once.
    func distinctPaths(in table: String) throws -> Set<String> {
        try read { db in Set(try db.query("SELECT DISTINCT path FROM \(table)").rows.map { $0.text("path") }) }
    }

    /// Full records of `ids`, in their order, with their thumbnails: two queries whatever the count.
    static func records(_ ids: [Int64], db: PGConnection) throws -> [AssetRecord] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query("SELECT \(recordColumns) FROM assets WHERE id = ANY($1::bigint[])", idArray(ids)).rows
        let byID = Dictionary(try withThumbnails(rows.map(record(from:)), db: db).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return ids.compactMap { byID[$0] }
    }

    static func withThumbnails(_ page: [AssetRecord], db: PGConnection) throws -> [AssetRecord] {
        guard !page.isEmpty else { return page }
        let thumbnails = try self.thumbnails(of: page.map(\.id), db: db)
        return page.map { record in
            var record = record
            record.thumbnails = thumbnails[record.id] ?? []
            return record
        }
    }

    /// The thumbnails of each of `ids`, in the order they were written, in one query.
    static func thumbnails(of ids: [Int64], db: PGConnection) throws -> [Int64: [ThumbnailRecord]] {
        guard !ids.isEmpty else { return [:] }
        var thumbnails: [Int64: [ThumbnailRecord]] = [:]
        for row in try db.query("""
            SELECT asset_id, name, recipe, width, height, path FROM thumbnails WHERE asset_id = ANY($1::bigint[]) ORDER BY seq
            """, idArray(ids)).rows {
            thumbnails[row.int64("asset_id"), default: []].append(ThumbnailRecord(
                name: row.text("name"), recipe: row.text("recipe"), width: row.int("width"), height: row.int("height"),
                relativePath: row.text("path")))
        }
        return thumbnails
    }

    /// A record without its thumbnails.
    static func record(from row: PGRow) -> AssetRecord {
        let format = row.optionalText("format").flatMap(MediaFormat.init(rawValue:))
        var metadata = PhotoMetadata()
        metadata.orientation = row.optionalInt("orientation")
        metadata.takenAt = row.optionalText("taken_at")
        metadata.takenAtSource = row.optionalText("taken_at_source").flatMap { TakenAtSource(stored: $0, format: format) }
        metadata.make = row.optionalText("make")
        metadata.model = row.optionalText("model")
        metadata.lensModel = row.optionalText("lens_model")
        metadata.iso = row.optionalInt("iso")
        metadata.fNumber = row.optionalDouble("f_number")
        metadata.exposureTime = row.optionalDouble("exposure_time")
        metadata.focalLength = row.optionalDouble("focal_length")
        if let latitude = row.optionalDouble("gps_latitude"), let longitude = row.optionalDouble("gps_longitude") {
            metadata.location = GPSLocation(latitude: latitude, longitude: longitude, altitude: row.optionalDouble("gps_altitude"))
        }
        metadata.rating = row.optionalInt("rating")
        metadata.title = row.optionalText("title")
        metadata.description = row.optionalText("description")
        metadata.keywords = row.optionalText("keywords").map(keywords(fromText:)) ?? []
        metadata.locationSource = metadata.location == nil ? nil : row.optionalText("location_source").flatMap(LocationSource.init(rawValue:))
        let kind = AssetKind(rawValue: row.text("kind")) ?? .photo
        var record = AssetRecord(
            id: row.int64("id"), path: row.text("path"), root: row.text("root"), kind: kind, format: format,
            contentHash: row.optionalText("content_hash"), fileSize: row.int64("file_size"),
            modifiedNanoseconds: row.int64("mtime_ns"), width: row.int("width"), height: row.int("height"),
            metadata: metadata, status: AssetRecord.Status(rawValue: row.text("status")) ?? .failed,
            errorClass: row.optionalText("error_class").flatMap(ErrorClass.init(rawValue:)), errorMessage: row.optionalText("error_message"),
            missing: row.int("missing") != 0, addedAt: row.text("added_at"), thumbnails: [])
        record.details = details(from: row, kind: kind)
        record.subtypes = Set(row.text("subtypes").split(separator: ",").compactMap { AssetSubtype(rawValue: String($0)) })
        if kind == .livePhoto { record.subtypes.insert(.live) }
        record.pairedAssetID = row.optionalInt64("paired_asset_id")
        record.pairing = row.optionalText("pairing").flatMap(LivePhotoPairing.Method.init(rawValue:))
        record.isPairedVideo = row.int("hidden") != 0 && kind == .video && record.pairedAssetID != nil
        record.pairedVideoPath = kind == .livePhoto ? row.optionalText("paired_path") : nil
        record.warning = row.optionalText("warning")
        return record
    }

    private static func details(from row: PGRow, kind: AssetKind) -> MediaDetails {
        var details = MediaDetails()
        details.durationSeconds = row.optionalDouble("duration_seconds") ?? (kind == .livePhoto ? row.optionalDouble("paired_duration") : nil)
        details.frameRate = row.optionalDouble("frame_rate")
        details.codec = row.optionalText("codec")
        details.frameCount = row.optionalInt("frame_count")
        details.loopCount = row.optionalInt("loop_count")
        details.contentIdentifier = row.optionalText("content_identifier")
        if let offset = row.optionalInt64("motion_offset"), let length = row.optionalInt64("motion_length") {
            details.motionPhoto = EmbeddedVideo(offset: offset, length: length)
        }
        return details
    }

    /// A JSON array of strings as `sidecarValues` wrote it; empty for anything else.
    static func keywords(fromText text: String) -> [String] {
        ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [Any] ?? []).compactMap { $0 as? String }
    }
}
