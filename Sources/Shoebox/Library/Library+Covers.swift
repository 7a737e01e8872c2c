import Foundation

extension Library {
    /// Cover images: `covers/ab/<source key>-<recipe hash>.jpg`, content-addressed like thumbnails.
    public var coversFolder: URL { root.appendingPathComponent("covers") }

    /// The relative path of a cover made from the sources `sourceKey` names by the recipe `recipeHash`.
    public func coverRelativePath(sourceKey: String, recipeHash: String, format: ThumbnailFormat) -> String {
        "covers/\(sourceKey.prefix(2))/\(sourceKey)-\(recipeHash).\(format.fileExtension)"
    }
}
