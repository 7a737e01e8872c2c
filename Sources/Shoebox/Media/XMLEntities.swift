/// Decodes XML character data as written: the character references it may hold (the five
/// named entities, `&amp;`, and numeric ones, `&#233;`, `&#xE9;`), and CDATA sections
/// (`<![CDATA[...]]>`), whose text is taken as it is. Anything else is left as written.
enum XMLEntities {
    static let named: [Substring: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    static func decode(_ text: String) -> String {
        guard text.contains("<![CDATA[") else { return references(text) }
        var result = "", rest = text[...]
        while let open = rest.range(of: "<![CDATA[") {
            result += references(String(rest[..<open.lowerBound]))
            let close = rest[open.upperBound...].range(of: "]]>")
            result += rest[open.upperBound ..< (close?.lowerBound ?? rest.endIndex)]
            rest = close.map { rest[$0.upperBound...] } ?? rest[rest.endIndex...]
        }
        return result + references(String(rest))
    }

    private static func references(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";"),
                  let character = character(for: rest[afterAmpersand..<semicolon]) else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            result.append(character)
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func character(for reference: Substring) -> Character? {
        if let named = named[reference] { return named }
        guard reference.first == "#" else { return nil }
        let digits = reference.dropFirst()
        let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return code.flatMap(Unicode.Scalar.init).map(Character.init)
    }
}
