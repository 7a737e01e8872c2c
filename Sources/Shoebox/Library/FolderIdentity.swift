#if canImport(Glibc)
import Glibc
#endif

/// A folder as the file system knows it (device and inode), whatever path reaches it: how
/// Shoebox tells that a path is its library, or lies inside it, through links and `..` alike.
public struct FolderIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The folder at `path` (following links); nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.init(info)
    }

    /// Whether the folder at `path`, or one of the folders above it, is this folder. A file's
    /// path is judged by its folder. Walks up by `..` from the folder itself, so no path text
    /// is trusted; at most 4,096 levels.
    public func isSelfOrAncestor(of path: String) -> Bool {
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 {
            let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            fd = open(parent.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        for _ in 0..<4096 {
            guard fstat(fd, &info) == 0 else { return false }
            let current = FolderIdentity(info)
            if current == self { return true }
            let parent = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else { return false }
            var parentInfo = stat()
            let atTop = fstat(parent, &parentInfo) == 0 && FolderIdentity(parentInfo) == current
            close(fd)
            fd = parent
            if atTop { return false }
        }
        return false
    }
}
