/// The file that makes a folder a Shoebox library: `shoebox-library`, written by Shoebox when it
/// creates the library, holding the library's format version.
///
/// Shoebox writes and deletes only inside a folder that holds this marker (or one an earlier
/// version made, adopted by its `catalog.sqlite`), so a mistyped `--library` can never empty a
/// folder of the user's. What callers may rely on: `parse` accepts exactly what `contents` writes
/// for any format up to `LibraryMarker.format`, and an empty marker (a creation cut short).
public struct LibraryMarker: Equatable, Sendable {
    public static let fileName = "shoebox-library"
    /// The library layout this Shoebox writes and reads.
    public static let format = 1
    static let heading = "Shoebox library"

    public var format: Int

    public init(format: Int = LibraryMarker.format) { self.format = format }

    /// The marker's text: a heading a person recognises, then the format.
    public var contents: String {
        "\(Self.heading)\nformat: \(format)\nShoebox writes and deletes files only in a folder that holds this file.\n"
    }

    /// The marker in `text`, or nil when the text is not a Shoebox marker. An empty text is a
    /// marker whose writing was cut short: format 1.
    public static func parse(_ text: String) -> LibraryMarker? {
        if text.isEmpty { return LibraryMarker(format: 1) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(heading), lines.count >= 2, lines[1].hasPrefix("format: "),
              let format = Int(lines[1].dropFirst("format: ".count)), format >= 1 else { return nil }
        return LibraryMarker(format: format)
    }
}
