/// Why a gallery could not be built; each names the folder and what to do.
public enum GalleryError: Error, CustomStringConvertible, Equatable {
    /// The output folder holds files and is not a gallery Shoebox made: never written into.
    case notAGallery(path: String)
    /// The output folder is the library, or lies inside it.
    case insideTheLibrary(path: String)
    case noSuchAlbum(title: String)
    /// The `--profile` page cannot be read or is not one `shoebox profile --html` wrote.
    case unreadableProfile(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notAGallery(path):
            return "\(path) is not empty and is not a gallery Shoebox made (no \(GalleryFolder.markerName) file in it); "
                + "give --out a new or empty folder"
        case let .insideTheLibrary(path):
            return "\(path) is the library or lies inside it; give --out a folder outside the library"
        case let .noSuchAlbum(title):
            return "no album titled \"\(title)\" (see shoebox albums)"
        case let .unreadableProfile(path, reason):
            return "the profile page \(path) \(reason); give --profile the FILE of shoebox profile PATH --html FILE"
        }
    }
}
