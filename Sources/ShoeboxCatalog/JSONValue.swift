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
        var output: [UInt8] = []
        output.reserveCapacity(2_048)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
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

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case let .bool(value): output += (value ? "true" : "false").utf8
        case let .int(value): output += String(value).utf8
        case let .number(text): output += text.utf8
        case let .string(value): Self.writeString(value, to: &output)
        case let .array(values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case let .object(fields):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// RFC 8259 escapes: `"` and `\`, the short forms for backspace, form feed, newline,
    /// return and tab, `\u00XX` for the other control characters; everything else as itself.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(quote)
        for byte in value.utf8 {
            switch byte {
            case quote, backslash: output += [backslash, byte]
            case 0x08: output += #"\b"#.utf8
            case 0x0C: output += #"\f"#.utf8
            case 0x0A: output += #"\n"#.utf8
            case 0x0D: output += #"\r"#.utf8
            case 0x09: output += #"\t"#.utf8
            case ..<0x20: output += (#"\u00"# + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8
            default: output.append(byte)   // UTF-8 bytes of other characters are all 0x20 or above
            }
        }
        output.append(quote)
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
}
