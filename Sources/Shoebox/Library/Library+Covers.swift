import Foundation

extension Library {
    /// The relative path of a cover made from the sources `sourceKey` names by the recipe
    /// `recipeHash`: `covers/ab/<source key>-<recipe hash>.jpg`, content-addressed like thumbnails.
    public func coverRelativePath(sourceKey: String, recipeHash: String, format: ThumbnailFormat) -> String {
        "covers/\(sourceKey.prefix(2))/\(sourceKey)-\(recipeHash).\(format.fileExtension)"
    }
}
