/// One pre-rendered cover image of an album, as the catalog records it.
public struct CoverRecord: Equatable, Sendable {
    /// `cover-512` (a square crop of the cover asset) or `mosaic-512` (its first four assets).
    public var name: String
    /// The 16 hex digits naming the spec that made it (`CoverSpec.recipeHash`).
    public var recipe: String
    public var width: Int
    public var height: Int
    /// Relative to the library folder: `covers/ab/<source key>-<recipe>.jpg`.
    public var relativePath: String

    public init(name: String, recipe: String, width: Int, height: Int, relativePath: String) {
        self.name = name
        self.recipe = recipe
        self.width = width
        self.height = height
        self.relativePath = relativePath
    }
}
