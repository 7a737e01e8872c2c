/// One image file Shoebox rendered (an asset's thumbnail, an album's cover image), as the
/// catalog records it.
public struct ThumbnailRecord: Codable, Equatable, Sendable {
    /// The spec's name (`thumb`, `preview`; `cover-512` for a cover).
    public var name: String
    /// The spec's recipe hash: with the content hash (or a cover's source key), it names the file.
    public var recipe: String
    public var width: Int
    public var height: Int
    /// Relative to the library folder.
    public var relativePath: String

    public init(name: String, recipe: String, width: Int, height: Int, relativePath: String) {
        self.name = name
        self.recipe = recipe
        self.width = width
        self.height = height
        self.relativePath = relativePath
    }
}
