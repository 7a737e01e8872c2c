/// How a gallery's pages point at the files they show: each by its name in the gallery
/// folder, so that the folder is whole by itself (it can be copied, uploaded or opened from a
/// USB stick) and no page holds a path of the library or of an original, nor `file://`.
///
/// A page asks for a file's name while it is rendered; the builder then takes what the page
/// asked for (`takeWanted`) and puts those files into the gallery (`GalleryFiles`) before it
/// writes the page, so that no page appears before its images.
final class GalleryLinks {
    /// Where a file the gallery holds comes from.
    enum Source: Equatable {
        /// A library file (a thumbnail, a cover image), by its path in the library.
        case library(String)
        /// An original file, by its path.
        case original(String)
    }

    /// Whether originals are in the gallery (`--originals`), so that the photo view opens them.
    let includesOriginals: Bool
    /// The build's album and place page names.
    let pageNames: GalleryPageNames
    private var wanted: [String: Source] = [:]

    init(includesOriginals: Bool = false, pageNames: GalleryPageNames = GalleryPageNames()) {
        (self.includesOriginals, self.pageNames) = (includesOriginals, pageNames)
    }

    /// The file name of an album's page `page`.
    func albumPage(_ album: AlbumReference, page: Int) -> String { pageNames.album(album, page: page) }

    /// The file name of a place's page `page`.
    func placePage(_ place: PlaceScope, page: Int) -> String { pageNames.place(place, page: page) }

    /// A file of the library (`thumbs/ab/x.jpg`), as the page links it.
    func libraryFile(_ relativePath: String) -> String {
        let name = GalleryFileName.image(relativePath)
        wanted[name] = .library(relativePath)
        return name
    }

    /// An asset's original file, as the page links it (an animation that plays, or the
    /// photo view's "open original"); nil for an asset with no content hash.
    func original(of asset: AssetRecord) -> String? {
        guard let hash = asset.contentHash else { return nil }
        let name = GalleryFileName.original(contentHash: hash, path: asset.path)
        wanted[name] = .original(asset.path)
        return name
    }

    /// The files asked for since the last call, by their names in the gallery.
    func takeWanted() -> [String: Source] {
        defer { wanted = [:] }
        return wanted
    }

    /// Percent-encodes every byte but unreserved characters and `/`, so that any file name
    /// (spaces, `#`, `?`, `%`, non-ASCII) is one URL path.
    static func encode(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
