/// What a person wrote about a picture, as XMP holds it: the star rating, the title, the
/// description and the keywords (Lightroom, darktable, digiKam, Immich and exiftool write them
/// the same way). Read from embedded packets and sidecars alike.
extension XMPPacket {
    static let dublinCoreNamespace = "http://purl.org/dc/elements/1.1/"
    static let lightroomNamespace = "http://ns.adobe.com/lightroom/1.0/"
    /// Titles, descriptions and keywords are cut at this many characters.
    static let textLimit = 2000

    /// `xmp:Rating`: -1 (rejected) to 5 stars, 0 for none; nil when absent or outside that range
    /// (a fraction is rounded: XMP types it as a real number), `1e19` and `NaN` included.
    package func rating() -> Int? {
        for text in values("Rating", namespace: Self.xmpNamespace) {
            guard let stars = Double(text)?.roundedInt, (-1...5).contains(stars) else { continue }
            return stars
        }
        return nil
    }

    /// `dc:title`'s default-language text (an `rdf:Alt`: the `x-default` item, else the first).
    package func title() -> String? { alternative("title", namespace: Self.dublinCoreNamespace) }

    /// `dc:description`'s default-language text, as `title()`.
    package func caption() -> String? { alternative("description", namespace: Self.dublinCoreNamespace) }

    /// `dc:subject`'s keywords (an `rdf:Bag`), in order, without repeats; when there is no
    /// `dc:subject`, Lightroom's `lr:hierarchicalSubject` paths as written (`Places|France|Paris`).
    package func keywords() -> [String] {
        let flat = listItems("subject", namespace: Self.dublinCoreNamespace).compactMap { Self.clean($0.text) }
        let found = flat.isEmpty
            ? listItems("hierarchicalSubject", namespace: Self.lightroomNamespace).compactMap { Self.clean($0.text) }
            : flat
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }

    /// `exif:UserComment`: a language alternative like `dc:title` (as iOS writes "Screenshot"
    /// there), or plain text in an attribute or element.
    package func userComment() -> String? {
        alternative("UserComment", namespace: Self.exifNamespace)
            ?? values("UserComment", namespace: Self.exifNamespace).lazy.compactMap(Self.clean).first
    }

    private func alternative(_ localName: String, namespace uri: String) -> String? {
        let items = listItems(localName, namespace: uri)
        let chosen = items.first { $0.language?.lowercased() == "x-default" } ?? items.first
        return chosen.flatMap { Self.clean($0.text) }
    }

    /// Control characters removed, at most `textLimit` characters; nil if empty (the parse
    /// decoded the entities already).
    static func clean(_ text: String) -> String? {
        ExifText.clean(Array(text.utf8), maxLength: textLimit)
    }
}
