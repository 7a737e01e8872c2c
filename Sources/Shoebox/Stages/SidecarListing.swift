import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The sidecar names (`.xmp`, `.json`, any case) in the folders of one run, each folder read
/// once with `readdir`: so that the plan stage can tell whether a file has sidecars without
/// an `lstat` for every name a sidecar may have (six per file, most of them absent).
///
/// Remembers the last `capacity` folders (files arrive folder by folder, a folder's files
/// possibly interleaved with its subfolders'). Thread-safe; a folder that cannot be read
/// answers as the file system would (`SourceFile.status`).
final class SidecarListing: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [(path: String, names: Set<String>?)] = []
    private let capacity = 16

    /// Whether a file named like a sidecar may be at `path`: true when the folder's listing
    /// has its name as a regular file (or of unknown type); `SidecarMetadata.stamp` then checks
    /// it with `lstat`.
    func exists(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        guard let names = names(in: (path as NSString).deletingLastPathComponent) else {
            return SourceFile.status(ofPath: path) != nil
        }
        return names.contains(name)
    }

    private func names(in folder: String) -> Set<String>? {
        lock.lock()
        defer { lock.unlock() }
        if let index = folders.firstIndex(where: { $0.path == folder }) { return folders[index].names }
        let names = Self.sidecarNames(in: folder)
        folders.append((folder, names))
        if folders.count > capacity { folders.removeFirst() }
        return names
    }

    /// The names in `folder` ending in `.xmp` or `.json` that are regular files (or whose type
    /// `readdir` does not give), as `PathText`; nil when the folder cannot be read.
    static func sidecarNames(in folder: String) -> Set<String>? {
        let descriptor = SourceFile.openDescriptor(folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard let handle = fdopendir(descriptor) else {
            close(descriptor)
            return nil
        }
        defer { closedir(handle) }
        var names = Set<String>()
        while let entry = readdir(handle) {
            let type = entry.pointee.d_type
            guard type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN) else { continue }
            let bytes = DirectoryEntryName.bytes(of: entry)
            let name = PathText.encode(bytes)
            let lowered = name.lowercased()
            if lowered.hasSuffix(".xmp") || lowered.hasSuffix(".json") { names.insert(name) }
        }
        return names
    }
}
