/// Why an album's cover images could not be made, naming the album and the asset.
public enum CoverError: Error, CustomStringConvertible {
    /// The original no longer has the content the catalog recorded: the cover would not show
    /// the catalogued picture.
    case assetChanged(album: String, asset: Int64, path: String)
    case cannotRead(album: String, asset: Int64, path: String, reason: String)
    case cannotDecode(album: String, asset: Int64, path: String, reason: String)
    case cannotWrite(album: String, path: String, reason: String)
    case noSuchAsset(album: String, asset: Int64)
    case cannotRender(album: String, image: String, reason: String)

    public var description: String {
        switch self {
        case let .assetChanged(album, asset, path):
            return "\(album): asset \(asset) (\(path)) changed on disk since it was catalogued; run `shoebox ingest` first"
        case let .cannotRead(album, asset, path, reason): return "\(album): cannot read asset \(asset) (\(path)): \(reason)"
        case let .cannotDecode(album, asset, path, reason): return "\(album): cannot decode asset \(asset) (\(path)): \(reason)"
        case let .cannotWrite(album, path, reason): return "\(album): cannot write \(path): \(reason)"
        case let .noSuchAsset(album, asset): return "\(album): asset \(asset) is no longer in the catalog"
        case let .cannotRender(album, image, reason): return "\(album): cannot render \(image): \(reason)"
        }
    }
}
