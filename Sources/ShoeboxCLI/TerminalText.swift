/// Text that is safe to print as one log line: a file name may hold a newline (which would
/// split the line in two) or an escape sequence (which a terminal would obey). Control
/// characters (U+0000 to U+001F, U+007F to U+009F) are shown as `\xHH` a UTF-8 byte, as
/// `PathText` shows bytes that are not UTF-8 (and as `PathText.printable` shows a path).
enum TerminalText {
    static func printable(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16)
                    out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
