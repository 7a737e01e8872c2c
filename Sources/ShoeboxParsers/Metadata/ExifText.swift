/// Turns untrusted EXIF text into a string that is safe to store and print.
///
/// Cameras pad with NULs and spaces, and hostile files put terminal escapes or invalid
/// UTF-8 in text tags. What comes out has no control characters, no invalid UTF-8
/// (replaced by U+FFFD), no padding, and at most `maxLength` characters; nil if empty.
public enum ExifText {
    public static let maxLength = 256

    public static func clean<Bytes: Collection>(_ raw: Bytes, maxLength: Int = ExifText.maxLength) -> String? where Bytes.Element == UInt8 {
        let untilNUL = raw.prefix { $0 != 0 }
        let decoded = String(decoding: untilNUL, as: UTF8.self)
        let printable = decoded.unicodeScalars.filter { !isControl($0) }
        let text = String(String.UnicodeScalarView(printable)).trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        return String(text.prefix(maxLength))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        default:
            return false
        }
    }
}
