import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The library folder: the catalog file, the thumbnails, and a scratch folder for writes.
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
    var lockPath: String { root.appendingPathComponent("lock").path }
    /// Files a C library crashed the process on (see `CrashGuard`).
    public var crashLogPath: String { root.appendingPathComponent("crash.log").path }

    /// Creates the folders; removes what a killed run left in `tmp/` (never a finished file).
    public func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: thumbnailsFolder, withIntermediateDirectories: true)
        try manager.createDirectory(at: scratchFolder, withIntermediateDirectories: true)
        for leftover in try manager.contentsOfDirectory(atPath: scratchFolder.path) {
            try? manager.removeItem(at: scratchFolder.appendingPathComponent(leftover))
        }
    }

    /// The relative path of a thumbnail of `contentHash` made by the recipe `recipeHash`.
    public func thumbnailRelativePath(contentHash: String, recipeHash: String, format: ThumbnailFormat) -> String {
        "thumbs/\(contentHash.prefix(2))/\(contentHash)-\(recipeHash).\(format.fileExtension)"
    }

    public func absolutePath(_ relativePath: String) -> String {
        root.appendingPathComponent(relativePath).path
    }

    public func fileExists(_ relativePath: String) -> Bool {
        access(absolutePath(relativePath), F_OK) == 0
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
