import Foundation

/// The names of a gallery's files. An album's and a place's pages are named by their title,
/// made readable ASCII (`slug`: `album-2024-holiday-1.html` for the folder album
/// "2024/Holiday"), the same from one build to the next; two titles that read alike take a
/// short hash each (`GalleryPageNames`).
enum GalleryFileName {
    static let index = "index.html"
    static let failures = "failures.html"
    static let style = "gallery.css"
    static let script = "gallery.js"
    static let profile = "profile.html"
    static let places = "places.html"

    /// `<kind>-<slug>-<page>.html` (`album-` for a folder album, `smart-`, `user-`), pages
    /// numbered from 1, where no other album's title reads alike (`GalleryPageNames`).
    static func albumPage(_ album: AlbumReference, page: Int) -> String {
        "\(albumBase(album))-\(page).html"
    }

    static func albumBase(_ album: AlbumReference) -> String {
        let kind: String
        switch album.kind {
        case .folder: kind = "album"
        case .smart: kind = "smart"
        case .user: kind = "user"
        }
        return kind + "-" + slug(album.title)
    }

    /// `place-<city>-<region>-<country code>-<page>.html` (as much of it as the place has).
    static func placePage(_ place: PlaceScope, page: Int) -> String {
        "\(placeBase(place))-\(page).html"
    }

    static func placeBase(_ place: PlaceScope) -> String {
        "place-" + slug([place.city, place.region, place.countryCode].compactMap { $0 }.joined(separator: " "))
    }

    /// A page's key: FNV-1a of its kind and title, which breaks a tie between two titles that
    /// read alike.
    static func placeKey(_ place: PlaceScope) -> String {
        fnv([place.level.rawValue, place.countryCode, place.region ?? "", place.city ?? ""])
    }

    /// The title as lowercase ASCII letters and digits, every other run one `-`: accents
    /// dropped, other scripts spelled in Latin letters ("Фото" is `foto`), at most 48
    /// characters; `untitled` when nothing is left.
    static func slug(_ title: String) -> String {
        let latin = title.applyingTransform(.toLatin, reverse: false) ?? title
        let folded = latin.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var slug = ""
        for byte in folded.utf8 {
            let isWord = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if isWord { slug.unicodeScalars.append(Unicode.Scalar(byte)) } else if !slug.isEmpty && !slug.hasSuffix("-") { slug += "-" }
        }
        var cut = String(slug.prefix(48))
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut.isEmpty ? "untitled" : cut
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
        guard parts.count >= 3, let last = parts.last, last.hasSuffix(".html"), isNumber(last.dropLast(5)) else { return false }
        let middle = parts.dropFirst().dropLast()
        switch parts[0] {
        case "album", "smart", "user", "place":
            return middle.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isSlugByte) }
        case "moment": return middle.count == 1 && isNumber(middle.first!)
        default: return false
        }
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

    private static func isSlugByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
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
