import Foundation
import Shoebox
#if canImport(Glibc)
import Glibc
#endif

/// The folders `shoebox watch` is given, checked before anything is watched: each is a
/// folder; the gallery is not written inside one (its pages and images would be ingested, and
/// each gallery written would wake the watch again). A library inside one is allowed: the
/// watch leaves it out, as the ingest's walk does.
struct WatchedFolders {
    /// The folders, as given, without trailing slashes.
    let roots: [String]

    init(_ args: CommandLineArguments, library: Library) throws {
        roots = args.positionalPaths.map(Self.trimmingSlashes)
        for root in roots {
            var info = stat()
            guard PathText.withCString(root, { stat($0, &info) }) == 0 else {
                throw UsageError("cannot watch \(PathText.printable(root)): \(String(cString: strerror(errno)))")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw UsageError("\(PathText.printable(root)) is not a folder: watch takes folders (shoebox ingest takes files too)")
            }
        }
        if let inside = library.firstContained(in: roots) {
            throw UsageError("\(PathText.printable(inside)) is the library \(library.root.path) or lies inside it; "
                + "a library is never ingested (give a FOLDER outside it)")
        }
        if let gallery = args.value("--gallery"),
           let root = roots.first(where: { FolderIdentity(path: $0)?.isSelfOrAncestor(of: gallery) ?? false }) {
            throw UsageError("--gallery \(PathText.printable(gallery)) lies inside \(PathText.printable(root)): "
                + "its pages would be ingested and wake the watch; write it outside the folders watched")
        }
    }

    private static func trimmingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
