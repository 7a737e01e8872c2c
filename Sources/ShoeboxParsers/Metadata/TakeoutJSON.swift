import Foundation

/// The JSON file Google Takeout writes beside each photo and video it exports, the names it
/// gives it, and the two things Shoebox reads from it: `photoTakenTime.timestamp` (UTC
/// seconds) and `geoData` (the position Google Photos shows, which a person may have set).
///
/// Takeout's names have quirks (`names(forMediaNamed:)` spells them out): a JSON for
/// `IMG_1.jpg` is `IMG_1.jpg.json`, or in exports since 2024
/// `IMG_1.jpg.supplemental-metadata.json`; a second `IMG_1.jpg` in an album becomes
/// `IMG_1(1).jpg` with `IMG_1.jpg(1).json`; and a JSON name is at most 51 characters, so
/// what comes before `.json` (and before the `(1)`) is cut at 46.
public enum TakeoutJSON {
    /// What the JSON says, each nil when absent or a placeholder.
    public struct Contents: Equatable, Sendable {
        /// `photoTakenTime` as ISO 8601 UTC (`2019-01-01T00:00:00Z`).
        public var takenAt: String?
        public var location: GPSLocation?
    }

    /// What comes before `.json` (and the duplicate counter) is cut at this many characters.
    public static let nameLimit = 46
    static let supplementalSuffix = ".supplemental-metadata"
    static let maxLength = 1 << 20

    /// The JSON names that may belong to the media file `name`, most likely first: the
    /// supplemental and plain forms, cut at `nameLimit`, with a duplicate's counter moved
    /// after the extension (`IMG_1(1).jpg`: `IMG_1.jpg.supplemental-metadata(1).json`,
    /// `IMG_1.jpg(1).json`), then the plain forms of the name as it is.
    public static func names(forMediaNamed name: String) -> [String] {
        var found: [String] = []
        func add(_ base: String, _ counter: String) {
            for suffix in [supplementalSuffix, ""] {
                let candidate = String((base + suffix).prefix(nameLimit)) + counter + ".json"
                if !found.contains(candidate) { found.append(candidate) }
            }
        }
        if let (original, counter) = splitCounter(name) { add(original, counter) }
        add(name, "")
        return found
    }

    /// `IMG_1.jpg` and `(1)` for `IMG_1(1).jpg`; nil for a name without a counter before its extension.
    static func splitCounter(_ name: String) -> (String, String)? {
        let (stem, ext) = splitExtension(name)
        guard let (original, counter) = splitTrailingCounter(stem) else { return nil }
        return (String(original + ext), counter)
    }

    /// `IMG_1` and `(1)` for `IMG_1(1)`: a name ending in digits in brackets, with something before them.
    private static func splitTrailingCounter(_ text: Substring) -> (Substring, String)? {
        guard text.last == ")", let open = text.lastIndex(of: "("), open > text.startIndex else { return nil }
        let digits = text[text.index(after: open)...].dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return (text[..<open], "(\(digits))")
    }

    /// A file name split before its last dot (`IMG_1`, `.jpg`); the extension is empty without a dot.
    private static func splitExtension<Text: StringProtocol>(_ name: Text) -> (Substring, Substring) {
        let text = Substring(name)
        let dot = text.lastIndex(of: ".") ?? text.endIndex
        return (text[..<dot], text[dot...])
    }

    /// The media file name a Takeout JSON named `name` belongs to, undoing what
    /// `names(forMediaNamed:)` does except a cut at `nameLimit` (which loses the end of the
    /// name): `IMG_1(1).jpg` for `IMG_1.jpg.supplemental-meta(1).json`. nil for a name that
    /// does not end in `.json`.
    public static func mediaName(forJSONNamed name: String) -> String? {
        guard name.lowercased().hasSuffix(".json") else { return nil }
        var base = Substring(name.dropLast(5))
        var counter = ""
        if let (before, found) = splitTrailingCounter(base) { (base, counter) = (before, found) }
        let (stem, tail) = splitExtension(base)
        if tail.count > 1, supplementalSuffix.hasPrefix(tail) { base = stem }
        let (original, ext) = splitExtension(base)
        return counter.isEmpty ? String(base) : String(original) + counter + ext
    }

    /// The Takeout JSON beside the media file at `path`, or nil.
    public static func path(of path: String,
                            exists: (String) -> Bool = { SourceFile.status(ofPath: $0) != nil }) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        return names(forMediaNamed: (path as NSString).lastPathComponent)
            .lazy.map { (folder as NSString).appendingPathComponent($0) }.first(where: exists)
    }

    /// Reads the JSON at `path`; nil when it cannot be read or is not a JSON object.
    public static func read(_ path: String) -> Contents? {
        guard let (bytes, _) = try? SourceFile.read(path, maxBytes: Int64(maxLength)) else { return nil }
        return contents(of: Data(UnsafeRawBufferPointer(bytes.buffer)))
    }

    /// What `data` says. A timestamp of 0 is no date; `geoData` of 0, 0 is no position (what
    /// Takeout writes for a photo without one).
    public static func contents(of data: Data) -> Contents? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        var contents = Contents()
        if let taken = object["photoTakenTime"] as? [String: Any], let seconds = number(taken["timestamp"]),
           seconds > 0, seconds < 253_402_300_800 {
            contents.takenAt = Date(timeIntervalSince1970: seconds.rounded(.down)).formatted(.iso8601)
        }
        if let geo = object["geoData"] as? [String: Any], let latitude = number(geo["latitude"]),
           let longitude = number(geo["longitude"]) {
            contents.location = GPSLocation.reading(latitude: latitude, longitude: longitude,
                                                    altitude: number(geo["altitude"]).flatMap { $0 == 0 ? nil : $0 })
        }
        return contents
    }

    /// A number written as a JSON number or as text (Takeout writes timestamps as text).
    private static func number(_ value: Any?) -> Double? {
        let number = (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap { Double($0) }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }
}
