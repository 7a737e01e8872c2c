/// The rule for user album titles: printable, and not blank.
///
/// Titles appear in tab-separated listings and on command lines, so control characters
/// (tabs, newlines) are refused rather than escaped.
enum AlbumTitle {
    static func validate(_ title: String) throws {
        if title.allSatisfy(\.isWhitespace) {
            throw AlbumError.invalidTitle(title, reason: "a title cannot be empty or blank")
        }
        if title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw AlbumError.invalidTitle(title, reason: "a title cannot hold control characters (tabs, newlines)")
        }
    }
}
