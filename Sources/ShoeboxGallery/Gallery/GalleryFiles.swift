import Shoebox

/// Puts the files a gallery's pages show into its folder (`GalleryLinks.takeWanted`): a
/// library file hard linked where the gallery and the library share a file system, else
/// copied; an original copied, or hard linked with `--originals link`. A file already there
/// under its name stays as it is: the names change whenever the bytes do (`GalleryFileName`).
final class GalleryFiles {
    let folder: GalleryFolder
    let library: Library
    let linksOriginals: Bool
    /// Every name this build put or found in place: what the stale sweep keeps.
    private(set) var names: Set<String> = []
    private(set) var linked = 0
    private(set) var copied = 0

    init(folder: GalleryFolder, library: Library, linksOriginals: Bool) {
        (self.folder, self.library, self.linksOriginals) = (folder, library, linksOriginals)
    }

    func put(_ wanted: [String: GalleryLinks.Source]) throws {
        for (name, source) in wanted.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            names.insert(name)
            if folder.holdsFile(name) { continue }
            let didLink: Bool
            switch source {
            case let .library(relativePath):
                didLink = try folder.place(fileAt: library.absolutePath(relativePath), as: name, link: true)
            case let .original(path):
                didLink = try folder.place(fileAt: path, as: name, link: linksOriginals)
            }
            if didLink { linked += 1 } else { copied += 1 }
        }
    }
}
