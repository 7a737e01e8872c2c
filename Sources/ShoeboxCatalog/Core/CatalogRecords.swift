import Foundation

/// Whole asset records as every backend reads them: the columns, a row made a record, and a
/// page's thumbnails in one query, so that reading N records costs a fixed number of
/// statements a page, whatever N is (`AssetReadingCostTests`). The one path every listing,
/// fetch and `show` reads records through.
enum CatalogRecords {
    /// Every column an `AssetRecord` is read from (a Live Photo's video path and duration
    /// come from its paired row), all read by name.
    static let columns = """
        id, path, root, kind, format, content_hash, file_size, mtime_ns, width, height, orientation, taken_at,
        taken_at_source, make, model, lens_model, iso, f_number, exposure_time, focal_length,
        gps_latitude, gps_longitude, gps_altitude, status, error_class, error_message, missing, added_at,
        duration_seconds, frame_rate, codec, frame_count, loop_count, content_identifier, motion_offset, motion_length,
        subtypes, paired_asset_id, pairing, hidden,
        (SELECT p.path FROM assets p WHERE p.id = assets.paired_asset_id) AS paired_path,
        (SELECT p.duration_seconds FROM assets p WHERE p.id = assets.paired_asset_id) AS paired_duration, warning,
        rating, title, description, keywords, location_source, error_stage, error_library, error_code, error_detail,
        place_city, place_region, place_country, place_country_code, place_zone, taken_offset, taken_offset_source, moment_id
        """

    /// How many records a listing reads at a time (and reads the thumbnails of in one query).
    static let pageSize = 500

    /// Full records of `ids`, in their order, with their thumbnails: two queries whatever the count.
    static func records<DB: CatalogDatabase>(_ ids: [Int64], in database: DB.Type, db: DB.Connection) throws -> [AssetRecord] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.rows("SELECT \(columns) FROM assets WHERE \(db.isAmongIDs("id"))", db.idList(ids), as: record(from:))
        let byID = Dictionary(try withThumbnails(rows, in: database, db: db).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return ids.compactMap { byID[$0] }
    }

    /// `page` with each record's thumbnails, read in one query.
    static func withThumbnails<DB: CatalogDatabase>(_ page: [AssetRecord], in database: DB.Type,
                                                    db: DB.Connection) throws -> [AssetRecord] {
        guard !page.isEmpty else { return page }
        let thumbnails = try self.thumbnails(of: page.map(\.id), in: database, db: db)
        return page.map { record in
            var record = record
            record.thumbnails = thumbnails[record.id] ?? []
            return record
        }
    }

    /// The thumbnails of each of `ids`, in the order they were written, in one query.
    static func thumbnails<DB: CatalogDatabase>(of ids: [Int64], in database: DB.Type,
                                                db: DB.Connection) throws -> [Int64: [ThumbnailRecord]] {
        guard !ids.isEmpty else { return [:] }
        var thumbnails: [Int64: [ThumbnailRecord]] = [:]
        try db.forEachRow("""
            SELECT asset_id, name, recipe, width, height, path FROM thumbnails WHERE \(db.isAmongIDs("asset_id"))
            ORDER BY \(DB.thumbnailWriteOrder)
            """, [db.idList(ids)]) { row in
            thumbnails[row.int64("asset_id"), default: []].append(ThumbnailRecord(
                name: row.text("name"), recipe: row.text("recipe"), width: row.int("width"), height: row.int("height"),
                relativePath: row.text("path")))
        }
        return thumbnails
    }

    /// A record without its thumbnails (`withThumbnails` adds a page's at once).
    static func record(from row: any CatalogRow) -> AssetRecord {
        let format = row.optionalText("format").flatMap(MediaFormat.init(rawValue:))
        let kind = AssetKind(rawValue: row.text("kind")) ?? .photo
        var record = AssetRecord(
            id: row.int64("id"), path: row.text("path"), root: row.text("root"), kind: kind, format: format,
            contentHash: row.optionalText("content_hash"), fileSize: row.int64("file_size"),
            modifiedNanoseconds: row.int64("mtime_ns"), width: row.int("width"), height: row.int("height"),
            metadata: metadata(from: row, format: format), status: AssetRecord.Status(rawValue: row.text("status")) ?? .failed,
            errorClass: row.optionalText("error_class").flatMap(ErrorClass.init(rawValue:)), errorMessage: row.optionalText("error_message"),
            missing: row.flag("missing"), addedAt: row.text("added_at"), thumbnails: [])
        record.details = details(from: row, kind: kind)
        record.subtypes = CatalogColumns.subtypes(row.text("subtypes"))
        if kind == .livePhoto { record.subtypes.insert(.live) }
        record.pairedAssetID = row.optionalInt64("paired_asset_id")
        record.pairing = row.optionalText("pairing").flatMap(LivePhotoPairing.Method.init(rawValue:))
        record.isPairedVideo = row.flag("hidden") && kind == .video && record.pairedAssetID != nil
        record.pairedVideoPath = kind == .livePhoto ? row.optionalText("paired_path") : nil
        record.warning = row.optionalText("warning")
        record.errorStage = row.optionalText("error_stage").flatMap(IngestStage.init(rawValue:))
        record.errorCause = row.optionalText("error_library").map {
            LibraryCause(library: $0, code: row.optionalText("error_code"), message: row.optionalText("error_detail") ?? "")
        }
        record.place = place(from: row)
        record.moment = row.optionalInt64("moment_id").flatMap { $0 > 0 ? $0 : nil }
        if let own = record.metadata.takenAt.flatMap(CaptureOffset.own) {
            (record.takenOffset, record.takenOffsetSource) = (own, .file)
        } else if let derived = row.optionalInt("taken_offset") {
            (record.takenOffset, record.takenOffsetSource) = (derived, row.optionalText("taken_offset_source").flatMap(CaptureOffset.Source.init))
        }
        return record
    }

    private static func metadata(from row: any CatalogRow, format: MediaFormat?) -> PhotoMetadata {
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
        if let location = location(from: row) {
            metadata.location = location
        }
        metadata.rating = row.optionalInt("rating")
        metadata.title = row.optionalText("title")
        metadata.description = row.optionalText("description")
        metadata.keywords = row.optionalText("keywords").map(keywords(fromText:)) ?? []
        metadata.locationSource = metadata.location == nil ? nil : row.optionalText("location_source").flatMap(LocationSource.init(rawValue:))
        return metadata
    }

    private static func details(from row: any CatalogRow, kind: AssetKind) -> MediaDetails {
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

    /// A JSON array of strings as `CatalogColumns.keywordsText` wrote it; empty for anything else.
    static func keywords(fromText text: String) -> [String] {
        ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [Any] ?? []).compactMap { $0 as? String }
    }

    /// The position of a row that selected `gps_latitude`, `gps_longitude` and `gps_altitude`.
    static func location(from row: any CatalogRow) -> GPSLocation? {
        guard let latitude = row.optionalDouble("gps_latitude"), let longitude = row.optionalDouble("gps_longitude") else { return nil }
        return GPSLocation(latitude: latitude, longitude: longitude, altitude: row.optionalDouble("gps_altitude"))
    }

    /// The place of a row that selected the `place_` columns (`PlaceStore`), nil when unnamed.
    static func place(from row: any CatalogRow) -> Place? {
        row.optionalText("place_country").map {
            Place(city: row.optionalText("place_city"), region: row.optionalText("place_region"), country: $0,
                  countryCode: row.text("place_country_code"), timeZone: row.optionalText("place_zone"))
        }
    }
}
