/// One cover image made for every album: a value with a stable recipe, like `ThumbnailSpec`.
///
/// The recipe identifier names everything that changes the output pixels; its hash and the
/// source assets' content hashes name the file, so a cover is rendered again exactly when its
/// spec or its source assets change, and two albums with the same cover share one file.
public struct CoverSpec: Equatable, Sendable {
    public enum Layout: String, Sendable {
        /// A square attention crop of the album's cover asset.
        case cover
        /// A 2x2 mosaic of square attention crops of the album's first four assets.
        case mosaic
    }

    public var layout: Layout
    /// Width and height in pixels.
    public var size: Int
    public var quality: Int
    public let format = ThumbnailFormat.jpeg

    public init(_ layout: Layout, size: Int, quality: Int = 85) {
        self.layout = layout
        self.size = size
        self.quality = quality
    }

    /// A cover and a mosaic at each size.
    public static func specs(sizes: [Int]) -> [CoverSpec] {
        sizes.flatMap { [CoverSpec(.cover, size: $0), CoverSpec(.mosaic, size: $0)] }
    }

    /// `cover-512`, `mosaic-512`: the name a listing shows.
    public var name: String { "\(layout.rawValue)-\(size)" }

    /// `cover?size=512&crop=attention&fmt=jpeg&q=85` (a mosaic adds `&grid=2x2`).
    public var recipeIdentifier: String {
        "\(layout.rawValue)?size=\(size)&crop=attention&fmt=\(format.rawValue)&q=\(quality)"
            + (layout == .mosaic ? "&grid=2x2" : "")
    }

    /// The 16 hex digits that name this recipe in cover file names.
    public var recipeHash: String { String(ContentHasher.hash(recipeIdentifier).prefix(16)) }

    /// How many of the album's assets the image is made from.
    public var sourceCount: Int { layout == .cover ? 1 : 4 }
}
