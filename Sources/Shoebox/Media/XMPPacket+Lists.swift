/// The items of an XMP array property (`rdf:Alt`, `rdf:Bag`, `rdf:Seq`), found by the
/// property's element and the `rdf:li` elements inside it. Like the rest of `XMPPacket`, a
/// bounded search, not an RDF parser: a property written in a form this does not read is absent.
extension XMPPacket {
    /// One `rdf:li` item: its text, still holding XML entities, and its `xml:lang`, if any.
    struct ListItem: Equatable {
        var text: String
        var language: String?
    }

    /// The items of the property `localName` in the namespace `uri`, whatever prefix the packet
    /// binds to it, in document order.
    func listItems(_ localName: String, namespace uri: String) -> [ListItem] {
        prefixes(of: uri).flatMap { prefix in
            withBytes { bytes in
                elementContents("\(prefix):\(localName)", in: bytes).flatMap { Self.items(in: $0) }
            }
        }
    }

    /// The text between `<name ...>` and `</name>`, for each such element.
    private func elementContents(_ name: String, in bytes: UnsafeRawBufferPointer) -> [String] {
        let open = Array("<\(name)".utf8), close = Array("</\(name)>".utf8)
        var found: [String] = []
        var position = 0
        while let start = ByteSearch.first(open, in: bytes, from: position) {
            position = start + open.count
            guard position < bytes.count, bytes[position] == UInt8(ascii: ">") || Self.isSpace(bytes[position]),
                  let tagEnd = ByteSearch.first([UInt8(ascii: ">")], in: bytes, from: position),
                  bytes[tagEnd - 1] != UInt8(ascii: "/"),
                  let end = ByteSearch.first(close, in: bytes, from: tagEnd + 1) else { continue }
            found.append(String(decoding: bytes[(tagEnd + 1)..<end], as: UTF8.self))
            position = end + close.count
        }
        return found
    }

    /// The `rdf:li` items of one property's content.
    private static func items(in content: String) -> [ListItem] {
        var content = content
        return content.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let open = Array("<rdf:li".utf8), close = Array("</rdf:li>".utf8)
            var found: [ListItem] = []
            var position = 0
            while let start = ByteSearch.first(open, in: bytes, from: position) {
                position = start + open.count
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") || isSpace(bytes[position]),
                      let tagEnd = ByteSearch.first([UInt8(ascii: ">")], in: bytes, from: position),
                      bytes[tagEnd - 1] != UInt8(ascii: "/"),
                      let end = ByteSearch.first(close, in: bytes, from: tagEnd + 1) else { continue }
                let tag = String(decoding: bytes[position..<tagEnd], as: UTF8.self)
                found.append(ListItem(text: String(decoding: bytes[(tagEnd + 1)..<end], as: UTF8.self),
                                      language: language(inTag: tag)))
                position = end + close.count
            }
            return found
        }
    }

    /// The `xml:lang` attribute's value in a start tag's attributes.
    private static func language(inTag tag: String) -> String? {
        for quote in ["\"", "'"] {
            let marker = "xml:lang=\(quote)"
            guard let start = tag.range(of: marker)?.upperBound,
                  let end = tag[start...].firstIndex(of: Character(quote)) else { continue }
            return String(tag[start..<end])
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
