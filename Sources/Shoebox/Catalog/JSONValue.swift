import Foundation

/// A JSON value whose objects keep their keys in the order given, written as compact text.
///
/// For output written once per asset: Foundation's `JSONSerialization` with `.sortedKeys`
/// compares keys with a locale (it makes a `CFLocale` per comparison), about 1.6 ms an asset
/// on Linux, which made `list --json` of 100,000 assets take minutes. Writing keys in an order
/// chosen in code costs nothing. The text is what `JSONSerialization` writes for the same
/// value with `.withoutEscapingSlashes` (see `AssetJSONTests`).
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// A number already written as JSON (`2.2945`, `0.00001`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value on one line, no space anywhere outside strings; `/` is not escaped.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The same value as Foundation objects (`NSNull`, `NSNumber`, dictionaries, arrays), for
    /// `JSONSerialization` (pretty printing).
    public var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case let .bool(value): return value
        case let .int(value): return value
        case let .number(text): return NSDecimalNumber(string: text)
        case let .string(value): return value
        case let .array(values): return values.map(\.foundationObject)
        case let .object(fields): return Dictionary(fields.map { ($0.0, $0.1.foundationObject) }) { first, _ in first }
        }
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case let .bool(value): output += value ? "true" : "false"
        case let .int(value): output += String(value)
        case let .number(text): output += text
        case let .string(value): Self.writeString(value, to: &output)
        case let .array(values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case let .object(fields):
            output += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// RFC 8259 escapes: `"` and `\`, the short forms for backspace, form feed, newline,
    /// return and tab, `\u00XX` for the other control characters; everything else as itself.
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == quote || $0 == backslash }) else {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20: output += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
}
