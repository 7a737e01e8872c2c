/// The order of a fetch, like a `PHFetchOptions` sort descriptor.
///
/// Ties are broken by asset id in the same direction, so an order is total and paging by
/// cursor never skips or repeats an asset.
public struct AssetSort: Equatable, Sendable {
    public enum Key: String, Sendable, CaseIterable {
        /// Capture date (`takenAt`); an asset without one sorts by the date it was added.
        /// Capture dates compare as written: local wall-clock time, `YYYY-MM-DDTHH:MM:SS`.
        case taken
        /// When the asset was first catalogued.
        case added
        /// The file name (not the folder), ASCII letters compared without case.
        case name
        /// The album's own order: a user album's positions; a folder album's capture dates,
        /// newest first. Only for a fetch of one album.
        case album
    }

    public var key: Key
    public var ascending: Bool

    public init(_ key: Key, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    public static let takenAscending = AssetSort(.taken)
    public static let albumOrder = AssetSort(.album)
}
