/// How a gallery's pages point at files outside the gallery: the library's thumbnails by a
/// path relative to the gallery (so the two folders may move together, and a web server can
/// serve them), the originals by `file://` URLs (they stay where they are).
struct GalleryLinks {
    /// From the gallery folder to the library folder (`../library`), both absolute.
    let toLibrary: String

    init(gallery: String, library: String) {
        toLibrary = Self.relativePath(from: gallery, to: library)
    }

    /// A file of the library (`thumbs/ab/x.jpg`) as a URL relative to the gallery.
    func libraryFile(_ relativePath: String) -> String {
        Self.encode(toLibrary == "." ? relativePath : toLibrary + "/" + relativePath)
    }

    /// An original file, by its absolute path.
    static func original(_ path: String) -> String {
        "file://" + encode(path)
    }

    /// The path from the folder `from` to `to`, both absolute and without `.` or `..`.
    static func relativePath(from: String, to: String) -> String {
        let source = from.split(separator: "/"), target = to.split(separator: "/")
        var common = 0
        while common < min(source.count, target.count) && source[common] == target[common] { common += 1 }
        let steps = Array(repeating: "..", count: source.count - common) + target[common...].map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
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
