/// Whether an asset is a favorite: the person's own mark (`shoebox favorite add|remove`)
/// wins; without one, a rating of 5 stars in the file or its sidecar (XMP `xmp:Rating`, as
/// Lightroom, Windows and Apple's writers store it) makes it one.
public enum FavoriteRule {
    /// The rating that makes a favorite without a mark.
    public static let favoriteRating = 5

    public static func isFavorite(mark: Bool?, rating: Int?) -> Bool {
        mark ?? (rating.map { $0 >= favoriteRating } ?? false)
    }
}
