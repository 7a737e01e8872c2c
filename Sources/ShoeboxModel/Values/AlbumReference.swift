/// Names one album: its kind and its title.
///
/// Titles are unique within a kind. A user album cannot be made or renamed to a folder
/// album's title, but a folder ingested later may take a user album's: a reference says which
/// one is meant.
public struct AlbumReference: Hashable, Sendable, CustomStringConvertible {
    public var kind: AlbumKind
    public var title: String

    public init(_ kind: AlbumKind, _ title: String) {
        self.kind = kind
        self.title = title
    }

    public static func user(_ title: String) -> AlbumReference { AlbumReference(.user, title) }
    public static func folder(_ title: String) -> AlbumReference { AlbumReference(.folder, title) }

    public var description: String { "\(kind.rawValue) album \"\(title)\"" }
}
