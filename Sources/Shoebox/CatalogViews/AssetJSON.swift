import Foundation

/// The JSON form of an asset, as `shoebox list --json` and `shoebox show` print it.
///
/// Every field is always present (null when unknown), so scripts can rely on the keys; keys
/// are in the order `JSONSerialization`'s `.sortedKeys` gives (ASCII, case ignored).
public enum AssetJSON {
    /// The asset's fields, keys sorted.
    public static func value(_ asset: AssetRecord, library: Library) -> JSONValue {
        let m = asset.metadata
        let d = asset.details
        let gps = m.location.map { location in
            JSONValue.object([("altitude", optional(location.altitude) { number($0, places: 2) }),
                              ("latitude", number(location.latitude, places: 7)),
                              ("longitude", number(location.longitude, places: 7))])
        }
        let root = library.root.path
        let thumbnails = asset.thumbnails.map { thumbnail in
            JSONValue.object([("height", .int(Int64(thumbnail.height))), ("name", .string(thumbnail.name)),
                              ("path", .string(absolutePath(thumbnail.relativePath, in: root))),
                              ("width", .int(Int64(thumbnail.width)))])
        }
        let resources = asset.resources.map { list in
            JSONValue.array(list.map { .object([("path", .string($0.path)), ("size", .int($0.fileSize)),
                                                ("type", .string($0.type.rawValue))]) })
        }
        let motionPhoto = d.motionPhoto.map { JSONValue.object([("videoLength", .int($0.length)), ("videoOffset", .int($0.offset))]) }
        return .object([
            ("addedAt", .string(asset.addedAt)), ("codec", text(d.codec)), ("contentHash", text(asset.contentHash)),
            ("contentIdentifier", text(d.contentIdentifier)), ("description", text(m.description)),
            ("durationSeconds", optional(d.durationSeconds) { number($0, places: 3) }),
            ("error", text(asset.errorMessage)), ("errorCause", cause(asset.errorCause)),
            ("errorClass", text(asset.errorClass?.rawValue)), ("errorStage", text(asset.errorStage?.rawValue)),
            ("exposureTime", optional(m.exposureTime) { number($0) }), ("fileSize", .int(asset.fileSize)),
            ("fNumber", optional(m.fNumber) { number($0) }), ("focalLength", optional(m.focalLength) { number($0) }),
            ("format", text(asset.format?.rawValue)), ("frameCount", integer(d.frameCount)),
            ("frameRate", optional(d.frameRate) { number($0, places: 3) }), ("gps", gps ?? .null),
            ("height", .int(Int64(asset.height))), ("id", .int(asset.id)), ("iso", integer(m.iso)),
            ("keywords", .array(m.keywords.map { .string($0) })),
            ("kind", .string(asset.kind.rawValue)), ("lensModel", text(m.lensModel)),
            ("locationSource", text(m.locationSource?.rawValue)), ("loopCount", integer(d.loopCount)),
            ("make", text(m.make)), ("missing", .bool(asset.missing)), ("model", text(m.model)),
            ("moment", asset.moment.map { .int($0) } ?? .null),
            ("motionPhoto", motionPhoto ?? .null), ("orientation", integer(m.orientation)),
            ("pairedVideo", text(asset.pairedVideoPath)), ("pairing", text(asset.pairing?.rawValue)),
            ("path", .string(asset.path)), ("place", place(asset.place)), ("rating", integer(m.rating)), ("resources", resources ?? .null),
            ("status", .string(asset.status.rawValue)),
            ("subtypes", .array(asset.subtypes.sorted().map { .string($0.rawValue) })),
            ("takenAt", text(m.takenAt)), ("takenAtSource", text(m.takenAtSource?.rawValue)),
            ("takenOffset", integer(asset.takenOffset)), ("takenOffsetSource", text(asset.takenOffsetSource?.rawValue)),
            ("thumbnails", .array(thumbnails)), ("title", text(m.title)), ("warning", text(asset.warning)),
            ("width", .int(Int64(asset.width))),
        ])
    }

    /// The same fields as Foundation objects, for `JSONSerialization`.
    public static func object(_ asset: AssetRecord, library: Library) -> [String: Any] {
        value(asset, library: library).foundationObject as? [String: Any] ?? [:]
    }

    /// `Library.absolutePath` without a URL per thumbnail (appending to a URL took a tenth of
    /// `list --json`'s time).
    private static func absolutePath(_ relativePath: String, in root: String) -> String {
        root.hasSuffix("/") ? root + relativePath : root + "/" + relativePath
    }

    static func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    /// A library's refusal as `{"code", "library", "message"}` (code null when it has none).
    public static func cause(_ cause: LibraryCause?) -> JSONValue {
        cause.map { .object([("code", text($0.code)), ("library", .string($0.library)), ("message", .string($0.message))]) } ?? .null
    }
    /// A place as `{"city", "country", "countryCode", "region", "timeZone"}` (null when unknown).
    public static func place(_ place: Place?) -> JSONValue {
        place.map {
            .object([("city", text($0.city)), ("country", .string($0.country)), ("countryCode", .string($0.countryCode)),
                     ("region", text($0.region)), ("timeZone", text($0.timeZone))])
        } ?? .null
    }
    static func integer(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
    static func optional(_ value: Double?, _ write: (Double) -> JSONValue) -> JSONValue { value.map(write) ?? .null }

    /// A double written as its shortest decimal, optionally rounded (GPS to 7 places, about 1 cm:
    /// `2.2945`, not the `2.2944999999999998` that degrees-minutes-seconds arithmetic leaves),
    /// in plain notation (`0.00001`, never `1e-05`).
    static func number(_ value: Double, places: Int? = nil) -> JSONValue {
        guard value.isFinite else { return .null }
        let scale = places.map { pow(10, Double($0)) }
        let rounded = scale.map { (value * $0).rounded() / $0 } ?? value
        return .number(NSDecimalNumber(string: "\(rounded)").description)
    }

    /// One line of JSON, keys sorted.
    public static func line(_ asset: AssetRecord, library: Library) -> String {
        value(asset, library: library).text
    }

    /// Indented JSON, keys sorted.
    public static func pretty(_ asset: AssetRecord, library: Library) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object(asset, library: library),
                                              options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
