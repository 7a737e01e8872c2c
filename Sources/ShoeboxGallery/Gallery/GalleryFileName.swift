/// The names of a gallery's files. An album's pages are named by a hash of the album's kind
/// and title (titles are folder paths: they hold slashes and any character), so the names
/// stay short, ASCII and the same from one build to the next.
enum GalleryFileName {
    static let index = "index.html"
    static let failures = "failures.html"
    static let style = "gallery.css"
    static let script = "gallery.js"
    static let profile = "profile.html"
    static let places = "places.html"

    /// `album-<16 hex>-<page>.html`, pages numbered from 1.
    static func albumPage(_ album: AlbumReference, page: Int) -> String {
        "album-\(key(album))-\(page).html"
    }

    /// `place-<16 hex>-<page>.html`: a hash of the place's level, country code, region and city.
    static func placePage(_ place: PlaceScope, page: Int) -> String {
        "place-\(fnv([place.level.rawValue, place.countryCode, place.region ?? "", place.city ?? ""]))-\(page).html"
    }

    /// `moment-<id>-<page>.html`: a moment's id is stable across builds (`Moment.id`).
    static func momentPage(_ id: Int64, page: Int) -> String {
        "moment-\(id)-\(page).html"
    }

    /// A web rendition: `play-<content hash>-<recipe fingerprint>.mp4`, both lowercase hex.
    static func rendition(hash: String, recipe: String) -> String {
        "play-\(hash)-\(recipe).mp4"
    }

    /// A library file the pages show (a thumbnail, a cover image): `img-<16 hex>.<ext>`, a hash
    /// of its path in the library, whose names change whenever their bytes do.
    static func image(_ relativePath: String) -> String {
        "img-\(fnv([relativePath])).\(fileExtension(of: relativePath))"
    }

    /// An original the gallery holds (an animation that plays, or every original when asked):
    /// `orig-<content hash>.<ext>`.
    static func original(contentHash: String, path: String) -> String {
        "orig-\(contentHash.lowercased()).\(fileExtension(of: path))"
    }

    /// The extension of `path`, lowercased, if it is 1 to 5 ASCII letters or digits; else `bin`.
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "bin" }
        let ext = name[name.index(after: dot)...].lowercased()
        let plain = (1...5).contains(ext.utf8.count) && ext.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
        return plain ? ext : "bin"
    }

    /// Whether `name` is one Shoebox writes into a gallery (the marker aside): only these
    /// are ever removed.
    static func isOurs(_ name: String) -> Bool {
        if [index, failures, style, script, profile, places].contains(name) { return true }
        if let file = heldFile(name) { return file }
        if name.hasPrefix("play-") && name.hasSuffix(".mp4") { return isRendition(name) }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasSuffix(".html") else { return false }
        switch parts[0] {
        case "album", "place": guard parts[1].count == 16, isLowerHex(parts[1]) else { return false }
        case "moment": guard isNumber(parts[1]) else { return false }
        default: return false
        }
        return isNumber(parts[2].dropLast(5))
    }

    /// Decimal digits without a leading zero: a page number or a moment's id.
    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && text.first != "0"
    }

    /// For `img-` and `orig-` names: whether the rest is a hash and a plain extension; nil
    /// for any other name.
    private static func heldFile(_ name: String) -> Bool? {
        let prefix = name.hasPrefix("img-") ? 4 : name.hasPrefix("orig-") ? 5 : 0
        guard prefix > 0 else { return nil }
        let rest = name.dropFirst(prefix)
        guard let dot = rest.firstIndex(of: "."), rest[..<dot].count >= 16, isLowerHex(rest[..<dot]) else { return false }
        let ext = String(rest[rest.index(after: dot)...])
        return fileExtension(of: "x." + ext) == ext
    }

    private static func isRendition(_ name: String) -> Bool {
        let parts = name.dropFirst(5).dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && isLowerHex($0) } && parts[1].count == 8
    }

    static func isLowerHex(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// FNV-1a, 64 bits, of `kind NUL title`: stable across builds and machines.
    static func key(_ album: AlbumReference) -> String {
        fnv([album.kind.rawValue, album.title])
    }

    /// FNV-1a, 64 bits, of `parts` joined by NUL, as 16 lowercase hex digits.
    private static func fnv(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.map { Array($0.utf8) }.joined(separator: [0]) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash.zeroPaddedHex
    }
}
