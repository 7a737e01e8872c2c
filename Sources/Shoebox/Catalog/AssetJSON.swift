import Foundation

/// The JSON form of an asset, as `shoebox list --json` and `shoebox show` print it.
///
/// Every field is always present (null when unknown), so scripts can rely on the keys.
public enum AssetJSON {
    public static func object(_ asset: AssetRecord, library: Library) -> [String: Any] {
        let m = asset.metadata
        let gps: Any = m.location.map { location -> [String: Any] in
            ["latitude": number(location.latitude, places: 7), "longitude": number(location.longitude, places: 7),
             "altitude": location.altitude.map { number($0, places: 2) } ?? NSNull()]
        } ?? NSNull()
        let thumbnails = asset.thumbnails.map { thumbnail -> [String: Any] in
            ["name": thumbnail.name, "width": thumbnail.width, "height": thumbnail.height,
             "path": library.absolutePath(thumbnail.relativePath)]
        }
        let fields: [String: Any?] = [
            "id": asset.id, "path": asset.path, "kind": asset.kind.rawValue, "format": asset.format?.rawValue,
            "width": asset.width, "height": asset.height, "orientation": m.orientation,
            "takenAt": m.takenAt, "takenAtSource": m.takenAtSource?.rawValue,
            "make": m.make, "model": m.model, "lensModel": m.lensModel, "iso": m.iso, "fNumber": m.fNumber.map { number($0) },
            "exposureTime": m.exposureTime.map { number($0) }, "focalLength": m.focalLength.map { number($0) }, "gps": gps,
            "contentHash": asset.contentHash, "fileSize": asset.fileSize, "status": asset.status.rawValue,
            "errorClass": asset.errorClass?.rawValue, "error": asset.errorMessage, "missing": asset.missing,
            "addedAt": asset.addedAt, "thumbnails": thumbnails,
            "subtypes": asset.subtypes.sorted().map(\.rawValue),
            "durationSeconds": asset.details.durationSeconds.map { number($0, places: 3) },
            "frameRate": asset.details.frameRate.map { number($0, places: 3) },
            "codec": asset.details.codec, "frameCount": asset.details.frameCount, "loopCount": asset.details.loopCount,
            "contentIdentifier": asset.details.contentIdentifier,
            "pairedVideo": asset.pairedVideoPath, "pairing": asset.pairing?.rawValue,
            "motionPhoto": asset.details.motionPhoto.map { ["videoOffset": $0.offset, "videoLength": $0.length] },
            "warning": asset.warning,
        ]
        return fields.mapValues { $0 ?? NSNull() }
    }

    /// A double written as its shortest decimal, optionally rounded (GPS to 7 places, about 1 cm:
    /// `2.2945`, not the `2.2944999999999998` that degrees-minutes-seconds arithmetic leaves).
    private static func number(_ value: Double, places: Int? = nil) -> Any {
        guard value.isFinite else { return NSNull() }
        let scale = places.map { pow(10, Double($0)) }
        let rounded = scale.map { (value * $0).rounded() / $0 } ?? value
        return NSDecimalNumber(string: "\(rounded)")
    }

    /// One line of JSON, keys sorted.
    public static func line(_ asset: AssetRecord, library: Library) throws -> String {
        try text(object(asset, library: library), options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// Indented JSON, keys sorted.
    public static func pretty(_ asset: AssetRecord, library: Library) throws -> String {
        try text(object(asset, library: library), options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    }

    private static func text(_ object: [String: Any], options: JSONSerialization.WritingOptions) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: options), as: UTF8.self)
    }
}
