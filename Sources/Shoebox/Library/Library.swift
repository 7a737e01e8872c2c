import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The library folder: its marker, the catalog file, the thumbnails, and a scratch folder for writes.
///
/// A sealed box (see `Library+Sealing.swift`): Shoebox writes and removes files only in a folder
/// that holds its `shoebox-library` marker, only through `LibraryFolder` (never through a link),
/// and removes only files named as it names them (`LibraryFileName`).
///
/// Thumbnails are content-addressed (`thumbs/ab/<content hash>-<recipe hash>.jpg`): never
/// named after a source file, so no name from the walked tree reaches the file system here.
/// Every file appears atomically: written under `tmp/`, then renamed into place.
public struct Library: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public var catalogPath: String { root.appendingPathComponent("catalog.sqlite").path }
    public var thumbnailsFolder: URL { root.appendingPathComponent("thumbs") }
    public var scratchFolder: URL { root.appendingPathComponent("tmp") }

    /// Whether this process may make and remove files in the library folder: false on
    /// read-only media or for a user who may only read it, where a reading command must not
    /// try to seal or lock it.
    public var isWritableByThisUser: Bool { access(root.path, W_OK) == 0 }

    /// Makes the library ready for a writing command: seals it (see `seal()`), makes `thumbs/`
    /// and `tmp/`, and removes the scratch files a killed run left in `tmp/` (Shoebox-named
    /// ones only; never a finished file, never anything else).
    public func prepare() throws {
        let folder = try seal()
        _ = try folder.makeSubfolder("thumbs")
        let scratch = try folder.makeSubfolder("tmp")
        for name in try scratch.names() where LibraryFileName.isScratch(name) {
            try scratch.removeFile(name)
        }
    }

    /// The relative path of a thumbnail of `contentHash` made by the recipe `recipeHash`.
    public func thumbnailRelativePath(contentHash: String, recipeHash: String, format: ThumbnailFormat) -> String {
        "thumbs/\(contentHash.prefix(2))/\(contentHash)-\(recipeHash).\(format.fileExtension)"
    }

    public func absolutePath(_ relativePath: String) -> String {
        root.appendingPathComponent(relativePath).path
    }

    /// Whether the library holds `relativePath` as a regular file with something in it. An
    /// empty file counts as missing: a power cut soon after a thumbnail was renamed into place
    /// (Shoebox does not fsync each one) can leave its name with no data, and the next run then
    /// makes it again instead of keeping a blank thumbnail for good.
    public func fileExists(_ relativePath: String) -> Bool {
        var info = stat()
        return lstat(absolutePath(relativePath), &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size > 0
    }

    /// Whether the catalog entry has exactly the pipeline's thumbnails (`recipes`: spec name to
    /// recipe hash), and each file exists.
    public func hasEveryThumbnail(of entry: CatalogEntry, recipes: [String: String]) -> Bool {
        entry.thumbnails.count == recipes.count && recipes.allSatisfy { name, recipe in
            guard let thumbnail = entry.thumbnails[name], thumbnail.recipe == recipe else { return false }
            return fileExists(thumbnail.relativePath)
        }
    }
}
