import CExpat

/// An XMP packet read as XML by expat, and kept as what Shoebox looks up in
/// it: every property value (an attribute of any element, or the text of an element that
/// holds no other) and every array property (`rdf:Bag`, `rdf:Seq`, `rdf:Alt`) with its
/// `rdf:li` items, each named by its namespace URI, its local name and the prefix the packet
/// wrote, in document order. Text arrives with its entities and CDATA sections decoded.
///
/// Namespaces are resolved here from the `xmlns` declarations in scope, not by expat: a
/// prefix the packet never binds (some writers leave `rdf:` or `x:` unbound) keeps its
/// elements, with no namespace, instead of ending the parse as a namespace-aware parser must.
///
/// The packet is untrusted: a document type declaration (where entities are declared, and
/// with them the "billion laughs" expansion) ends the parse, as XMP never carries one; no
/// external entity is ever loaded (expat loads none unless asked); at most `maxDepth`
/// nested elements and `maxValues` values are kept. A packet that is not well-formed keeps
/// what was read before the fault.
struct XMPTree: Sendable {
    struct Name: Equatable, Sendable {
        var namespace: String
        var local: String
        var prefix: String

        /// Whether this is RDF's `local`: in RDF's namespace, or written `rdf:` and bound to none.
        func isRDF(_ local: String) -> Bool {
            self.local == local && (namespace == XMPTree.rdfNamespace || namespace.isEmpty && prefix == "rdf")
        }
    }

    struct Property: Sendable {
        var name: Name
        var value: String
    }

    /// One `rdf:li` item: its text and its `xml:lang`, if any.
    struct ListItem: Equatable, Sendable {
        var text: String
        var language: String?
    }

    struct List: Sendable {
        var name: Name
        var items: [ListItem]
    }

    private(set) var properties: [Property] = []
    private(set) var lists: [List] = []

    static let maxDepth = 64
    static let maxValues = 100_000
    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    init(parsing bytes: UnsafeRawBufferPointer) {
        let builder = Builder()
        guard let parser = XML_ParserCreate(nil) else { return }
        defer { XML_ParserFree(parser) }
        builder.parser = parser
        XML_SetUserData(parser, Unmanaged.passUnretained(builder).toOpaque())
        XML_SetElementHandler(parser, { data, name, attributes in
            Builder.from(data).start(name, attributes)
        }, { data, _ in
            Builder.from(data).end()
        })
        XML_SetCharacterDataHandler(parser) { data, text, length in
            Builder.from(data).characters(text, length)
        }
        XML_SetStartDoctypeDeclHandler(parser) { data, _, _, _, _ in
            Builder.from(data).stop()
        }
        XML_SetEntityDeclHandler(parser) { data, _, _, _, _, _, _, _, _ in
            Builder.from(data).stop()
        }
        var offset = 0
        while offset < bytes.count {   // XML_Parse takes an Int32 length
            let length = min(bytes.count - offset, 1 << 20), last = offset + length == bytes.count
            let chunk = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
            guard XML_Parse(parser, chunk, Int32(length), last ? 1 : 0) == XML_STATUS_OK else { break }
            offset += length
        }
        (properties, lists) = (builder.properties, builder.lists)
    }


    /// The parse's state: the open elements, and what was found so far.
    private final class Builder {
        struct Element {
            var name: Name
            var text: [UInt8] = []
            var holdsElements = false
            var language: String?
            var items: [ListItem] = []
        }

        var parser: XML_Parser?
        var open: [Element] = []
        /// The namespaces bound by each open element (`xmlns:p="uri"`; "" for `xmlns="uri"`).
        var scopes: [[String: String]] = []
        var properties: [Property] = []
        var lists: [List] = []

        static func from(_ data: UnsafeMutableRawPointer?) -> Builder {
            Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue()
        }

        func stop() {
            if let parser { XML_StopParser(parser, 0) }
        }

        func start(_ name: UnsafePointer<CChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
            guard let name, open.count < XMPTree.maxDepth, properties.count < XMPTree.maxValues else { return stop() }
            if !open.isEmpty { open[open.count - 1].holdsElements = true }
            var pairs: [(String, String)] = [], bound: [String: String] = [:]
            var index = 0
            while let attribute = attributes?[index], let value = attributes?[index + 1] {
                let (qualified, text) = (String(cString: attribute), String(cString: value))
                if qualified == "xmlns" { bound[""] = text } else if qualified.hasPrefix("xmlns:") {
                    bound[String(qualified.dropFirst(6))] = text
                } else {
                    pairs.append((qualified, text))
                }
                index += 2
            }
            scopes.append(bound)
            var element = Element(name: resolve(String(cString: name), isElement: true))
            for (qualified, text) in pairs {
                let attributeName = resolve(qualified, isElement: false)
                if attributeName.namespace == XMPTree.xmlNamespace && attributeName.local == "lang" {
                    element.language = text
                } else {
                    properties.append(Property(name: attributeName, value: text))
                }
            }
            open.append(element)
        }

        /// A qualified name with the namespace its prefix is bound to in scope: `xml:` always,
        /// an unprefixed element the default namespace, an unprefixed attribute none.
        func resolve(_ qualified: String, isElement: Bool) -> Name {
            guard let colon = qualified.firstIndex(of: ":") else {
                return Name(namespace: isElement ? namespace(of: "") : "", local: qualified, prefix: "")
            }
            let prefix = String(qualified[..<colon]), local = String(qualified[qualified.index(after: colon)...])
            return Name(namespace: prefix == "xml" ? XMPTree.xmlNamespace : namespace(of: prefix), local: local, prefix: prefix)
        }

        private func namespace(of prefix: String) -> String {
            scopes.lazy.reversed().compactMap { $0[prefix] }.first ?? ""
        }

        func characters(_ text: UnsafePointer<CChar>?, _ length: Int32) {
            guard let text, length > 0, !open.isEmpty else { return }
            text.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                open[open.count - 1].text.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(length)))
            }
        }

        func end() {
            guard let element = open.popLast() else { return }
            defer { scopes.removeLast() }
            let text = String(decoding: element.text, as: UTF8.self)
            if !element.holdsElements {
                properties.append(Property(name: element.name, value: text.trimmingWhitespace()))
                if element.name.isRDF("li"), open.count >= 2, ["Bag", "Seq", "Alt"].contains(where: open[open.count - 1].name.isRDF) {
                    open[open.count - 2].items.append(ListItem(text: text, language: element.language))
                }
            }
            if !element.items.isEmpty { lists.append(List(name: element.name, items: element.items)) }
        }
    }
}
