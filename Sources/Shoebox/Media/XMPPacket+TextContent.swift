extension XMPPacket {
    /// The text of the property `localName` in namespace `uri`, in any of XMP's forms: an
    /// attribute (`exif:UserComment="..."`), a simple element, or a language alternative
    /// (`<exif:UserComment><rdf:Alt><rdf:li xml:lang="x-default">...</rdf:li>`), the markup
    /// inside the element dropped. One string per occurrence; entities are left as written.
    public func textContent(_ localName: String, namespace uri: String) -> [String] {
        prefixes(of: uri).flatMap { prefix -> [String] in
            let name = "\(prefix):\(localName)"
            return values(name).filter { !$0.isEmpty } + elementTexts(name)
        }
    }

    private func elementTexts(_ name: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<\(name)>"), let close = rest[open.upperBound...].range(of: "</\(name)>") {
            let inner = Self.withoutMarkup(rest[open.upperBound..<close.lowerBound])
            if !inner.isEmpty { found.append(inner) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    private static func withoutMarkup(_ xml: Substring) -> String {
        var text = "", inTag = false
        for character in xml {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.trimmingWhitespace()
    }
}
