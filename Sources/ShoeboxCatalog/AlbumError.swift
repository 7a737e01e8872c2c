/// Why an album operation was refused, naming the album and the asset concerned.
public enum AlbumError: Error, Equatable, CustomStringConvertible {
    /// `didYouMean`: the title of an album the person probably meant, when one is close.
    case noSuchAlbum(String, didYouMean: String? = nil)
    case noSuchAsset(Int64)
    /// Folder albums follow the folders on disk; only their cover can be set.
    case notAUserAlbum(String)
    case titleTaken(String)
    /// A user album of a folder or smart album's title would hide that album from every
    /// lookup by title, so it is refused; `by` is the kind of album holding the title.
    case reservedTitle(String, by: AlbumKind)
    /// Smart albums are computed from the catalog: not edited, their cover their newest asset.
    case smartAlbum(String)
    case invalidTitle(String, reason: String)
    case notInAlbum(asset: Int64, album: String)
    /// An explicit cover must be an asset the album shows (catalogued without error, on disk).
    case notShown(asset: Int64, album: String)
    case positionOutOfRange(Int, album: String, count: Int)
    /// Only a frame of a burst (`BurstEvidence`) can be picked to represent it.
    case notABurstFrame(Int64)

    public var description: String {
        switch self {
        case let .noSuchAlbum(title, guess):
            return "no album \"\(title)\"" + (guess.map { " (did you mean \"\($0)\"? see shoebox albums)" } ?? " (see shoebox albums)")
        case let .noSuchAsset(id): return "no asset \(id) in the catalog"
        case let .notAUserAlbum(title):
            return "\"\(title)\" is a folder album: it follows its folder on disk and cannot be edited"
        case let .titleTaken(title): return "a user album \"\(title)\" already exists"
        case let .reservedTitle(title, kind):
            return "\"\(title)\" is the title of a \(kind.rawValue) album: a user album of that title would hide it (choose another title)"
        case let .smartAlbum(title):
            return "\"\(title)\" is a smart album: it is computed from the catalog, cannot be edited, and its cover is its newest asset"
        case let .invalidTitle(title, reason): return "invalid album title \"\(title)\": \(reason)"
        case let .notInAlbum(asset, album): return "asset \(asset) is not in album \"\(album)\""
        case let .notShown(asset, album):
            return "asset \(asset) cannot be the cover of \"\(album)\": it failed to ingest or is missing from disk"
        case let .positionOutOfRange(position, album, count):
            return "position \(position) is outside album \"\(album)\" (0...\(count))"
        case let .notABurstFrame(asset):
            return "asset \(asset) is not a photo of a burst: nothing in its file or name says it is one"
        }
    }
}
