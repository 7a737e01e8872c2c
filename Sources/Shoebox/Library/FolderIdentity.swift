#if canImport(Glibc)
import Glibc
#endif

/// A folder as the file system knows it (device and inode), whatever path reaches it: how
/// Shoebox tells that a path is its library, or lies inside it, through links and `..` alike.
public struct FolderIdentity: Hashable, Sendable {
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
        var judged: [String: Bool] = [:]
        return isSelfOrAncestor(of: path, judged: &judged)
    }

    /// `isSelfOrAncestor(of:)`, walking up once per folder: `judged` holds the answers so far,
    /// by the path text a walk starts from (a folder's own, or a file's folder's), so the files
    /// of one folder, as a shell's `*` gives them, cost one open each instead of a walk each.
    public func isSelfOrAncestor(of path: String, judged: inout [String: Bool]) -> Bool {
        var start = path
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 {
            let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            start = parent.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : parent
            if let known = judged[start] { return known }
            fd = open(start, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        } else if let known = judged[start] {
            close(fd)
            return known
        }
        guard fd >= 0 else { return false }
        let answer = isSelfOrAncestor(ofOpenFolder: fd)
        judged[start] = answer
        return answer
    }

    /// Walks up from the open folder `descriptor` (closed here).
    private func isSelfOrAncestor(ofOpenFolder descriptor: Int32) -> Bool {
        var fd = descriptor
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
