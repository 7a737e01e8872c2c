/// The JSON form of `FileMetadata`, one object a file, with the same names and number forms
/// as `list --json` (every key present, null when unknown, keys sorted).
public enum FileMetadataJSON {
    public static func value(_ file: FileMetadata) -> JSONValue {
        let m = file.metadata
        let gps = m.location.map { location in
            JSONValue.object([("altitude", AssetJSON.optional(location.altitude) { AssetJSON.number($0, places: 2) }),
                              ("latitude", AssetJSON.number(location.latitude, places: 7)),
                              ("longitude", AssetJSON.number(location.longitude, places: 7))])
        }
        return .object([
            ("exposureTime", AssetJSON.optional(m.exposureTime) { AssetJSON.number($0) }),
            ("fNumber", AssetJSON.optional(m.fNumber) { AssetJSON.number($0) }),
            ("focalLength", AssetJSON.optional(m.focalLength) { AssetJSON.number($0) }),
            ("format", .string(file.format.rawValue)), ("gps", gps ?? .null),
            ("height", .int(Int64(file.storedSize.height))), ("iso", AssetJSON.integer(m.iso)),
            ("lensModel", AssetJSON.text(m.lensModel)), ("make", AssetJSON.text(m.make)), ("model", AssetJSON.text(m.model)),
            ("orientation", AssetJSON.integer(m.orientation)), ("path", .string(file.path)),
            ("takenAt", AssetJSON.text(m.takenAt)), ("takenAtSource", AssetJSON.text(m.takenAtSource?.rawValue)),
            ("width", .int(Int64(file.storedSize.width))),
        ])
    }
}
