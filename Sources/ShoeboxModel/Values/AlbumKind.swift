/// Where an album comes from.
public enum AlbumKind: String, Codable, Sendable, CaseIterable {
    /// Every folder that holds catalogued assets, titled by its path relative to its ingested
    /// root. Derived from the assets' paths, so it follows files that move; never edited.
    case folder
    /// Made by a person: an ordered list of references to assets.
    case user
    /// Computed from what the catalog holds (`SmartAlbum`), like PhotoKit's smart albums:
    /// never stored, never edited, always listed (empty rather than absent).
    case smart
}
