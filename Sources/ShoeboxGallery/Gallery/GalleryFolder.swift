import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folder a gallery is written into: the user's choice, so Shoebox writes there only
/// when it is new, empty, or a gallery Shoebox made (its marker file), and then only the
/// files it names (`GalleryFileName`), never through a link.
///
/// Each page appears whole (written beside its name, then renamed over it) and only when its
/// bytes changed, so a second build after no change rewrites nothing, and a browser open on
/// the gallery never reads half a page.
final class GalleryFolder {
    static let markerName = "shoebox-gallery"
    static let markerText = "Shoebox gallery\nformat 1\nShoebox writes and removes only the files it names here.\n"

    let path: String
    private let folder: LibraryFolder
    private(set) var written = 0
    private(set) var unchanged = 0

    private init(path: String, folder: LibraryFolder) {
        (self.path, self.folder) = (path, folder)
    }

    /// Opens (making it when missing) the gallery folder at `path`, writing its marker into
    /// a new or empty folder; refuses any other folder.
    static func open(path: String) throws -> GalleryFolder {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw LibraryError.system(path: path, operation: "create folder", code: errno)
        }
        let folder = try LibraryFolder.open(path: path)
        let names = try folder.names()
        if !names.contains(markerName) {
            guard names.isEmpty else { throw GalleryError.notAGallery(path: path) }
        } else if case .file = folder.entry(markerName) {
        } else {
            throw GalleryError.notAGallery(path: path)
        }
        let gallery = GalleryFolder(path: path, folder: folder)
        try gallery.store(Data(markerText.utf8), as: markerName)
        return gallery
    }

    /// Writes the page `data` as `name` unless the file already holds exactly these bytes;
    /// counts it as written or unchanged.
    func write(_ data: Data, as name: String) throws {
        if try store(data, as: name) { written += 1 } else { unchanged += 1 }
    }

    /// Whether the folder holds a regular file `name` (not a link) with something in it.
    func holdsFile(_ name: String) -> Bool {
        if case let .file(bytes)? = folder.entry(name), bytes > 0 { return true }
        return false
    }

    /// Writes `data` as `name` (a scratch file renamed over it, so it appears whole) unless
    /// the file already holds it; returns whether it wrote. Not counted as a page.
    @discardableResult
    func store(_ data: Data, as name: String) throws -> Bool {
        if case let .file(bytes)? = folder.entry(name), bytes == data.count,
           let existing = try folder.contents(of: name, limit: data.count + 1), existing.elementsEqual(data) {
            return false
        }
        let scratch = ".\(name).\(getpid()).part"
        try AtomicFileWriter.writeNewFile(data, as: scratch, in: folder)
        do { try folder.move(scratch, to: folder, as: name) } catch {
            _ = try? folder.removeFile(scratch)
            throw error
        }
        return true
    }

    /// Puts the file at `source` into the gallery as `name` (a scratch name renamed over it,
    /// so it appears whole): a hard link when `link` and the file system allows, else a copy.
    /// Returns whether it linked.
    @discardableResult
    func place(fileAt source: String, as name: String, link: Bool) throws -> Bool {
        let scratch = ".\(name).\(getpid()).part"
        _ = try? folder.removeFile(scratch)
        let linked = link && folder.link(toFileAt: source, as: scratch)
        if !linked { try folder.copy(fileAt: source, as: scratch) }
        do { try folder.move(scratch, to: folder, as: name) } catch {
            _ = try? folder.removeFile(scratch)
            throw error
        }
        return linked
    }

    /// Removes the gallery's own files that this build did not write (an album gone, fewer
    /// pages); returns how many. Files of other names are left alone.
    func removeStale(keeping kept: Set<String>) throws -> Int {
        var removed = 0
        for name in try folder.names() where GalleryFileName.isOurs(name) && !kept.contains(name) {
            if try folder.removeFile(name) { removed += 1 }
        }
        return removed
    }
}
