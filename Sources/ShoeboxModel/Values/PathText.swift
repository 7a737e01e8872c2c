/// How Shoebox keeps a file path as text without losing a byte, so that a name that is not
/// UTF-8 is catalogued, printed and opened again like any other.
///
/// A Linux path is bytes; Swift strings and the catalog's `path` column are UTF-8. Shoebox
/// writes every path with one escape, the way `list` and `show` print it:
///
/// - a byte that is not part of valid UTF-8 is written `\xHH` (two lowercase hex digits);
/// - a backslash is written `\\` when what follows it would otherwise read as an escape:
///   an `x`, another backslash, or an escaped byte;
/// - everything else is itself.
///
/// So the text of a UTF-8 path without `\x` or `\\` in it is the path itself (nearly every
/// path, and every path Shoebox catalogued before this escape existed, except those; catalog
/// migration 5 rewrites them), and the escape is injective: `decode(encode(bytes)) == bytes`
/// for every path, so two files never share a catalog row and every row names one file.
/// `/` is never escaped: the text of a folder, `/`, and a name is the text of the path.
public enum PathText {
    /// The text of a path (or of a name) given as bytes. With `escapingControlCharacters`,
    /// control characters (U+0000 to U+001F, U+007F to U+009F) are escaped as the bytes that
    /// are not UTF-8 are, `\xHH` a byte: see `printable`.
    public static func encode<Bytes: Collection>(_ bytes: Bytes, escapingControlCharacters: Bool = false) -> String
    where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        if !bytes.contains(backslash), !(escapingControlCharacters && bytes.contains(where: isControlLead)),
           let text = String(validating: bytes, as: UTF8.self) { return text }
        let kept = { (index: Int) in keptLength(bytes, at: index, escapingControlCharacters: escapingControlCharacters) }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let length = kept(index)
            guard length > 0 else {
                text += [backslash, x] + hex(bytes[index])
                index += 1
                continue
            }
            if bytes[index] == backslash {
                let next = index + 1
                if next < bytes.count && (bytes[next] == x || bytes[next] == backslash || kept(next) == 0) {
                    text.append(backslash)
                }
            }
            text += bytes[index..<(index + length)]
            index += length
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A path's text as one line of a terminal shows it: control characters are escaped too
    /// (a newline in a name would split a line, an escape sequence would drive the terminal).
    /// It is still the path's text: `decode` gives the same bytes, so what `list` prints
    /// names the file. Any other path's text is itself.
    public static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == backslash || isControlLead($0) }) else { return text }
        return encode(decode(text), escapingControlCharacters: true)
    }

    /// The bytes a path's text stands for. Any text decodes (a `\` that starts no escape is
    /// itself), so text typed by a person is read as leniently as the escape allows.
    public static func decode(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.contains(backslash) else { return utf8 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == backslash && index + 1 < utf8.count {
                if utf8[index + 1] == backslash {
                    bytes.append(backslash)
                    index += 2
                    continue
                }
                if utf8[index + 1] == x && index + 3 < utf8.count,
                   let high = hexValue(utf8[index + 2]), let low = hexValue(utf8[index + 3]) {
                    bytes.append(high << 4 | low)
                    index += 4
                    continue
                }
            }
            bytes.append(utf8[index])
            index += 1
        }
        return bytes
    }

    /// Runs `body` with the path's bytes as a C string, what system calls take.
    public static func withCString<T>(_ text: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        guard text.utf8.contains(backslash) else { return try text.withCString(body) }
        let bytes = decode(text).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    private static let backslash = UInt8(ascii: "\\")
    private static let x = UInt8(ascii: "x")
    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ byte: UInt8) -> [UInt8] { [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]] }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A byte that starts a control character: C0 and DEL, or 0xC2, which starts the C1
    /// controls (U+0080 to U+009F) and other characters (the fast paths may be wrong only
    /// towards the careful one).
    private static func isControlLead(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2
    }

    /// The length of the sequence at `index` that is written as itself, or 0 when its first
    /// byte is escaped: not UTF-8, or (when asked) a control character.
    private static func keptLength(_ bytes: [UInt8], at index: Int, escapingControlCharacters: Bool) -> Int {
        let length = validSequenceLength(bytes, at: index)
        guard escapingControlCharacters else { return length }
        let byte = bytes[index]
        if length == 1 && (byte < 0x20 || byte == 0x7F) { return 0 }
        if length == 2 && byte == 0xC2 && bytes[index + 1] <= 0x9F { return 0 }
        return length
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode's table 3-7: no
    /// overlong forms, no surrogates, nothing past U+10FFFF), or 0 when the byte there starts none.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
