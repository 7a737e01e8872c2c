/// Names one album: its kind and its title.
///
/// Titles are unique within a kind. A user album and a folder album may share a title; a
/// reference says which one is meant.
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
