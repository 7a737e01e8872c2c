import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches folder trees for changes, with Linux's inotify: every folder under the roots (as the
/// ingest walks them: never through a symbolic link, never into the excluded folder, at most
/// `DiscoverStage.maxDepth` deep), and the folders made under them later; never an excluded folder (a
/// library inside a root, whose own writes would wake the watch after every ingest).
///
/// A change is any file or folder made, written, closed after writing, moved in or out,
/// deleted or touched; reading a file is not one, so an ingest reading the originals does not
/// wake the watch. The caller waits on `descriptor` (readable when changes are waiting) and
/// calls `readChanges`. Not thread-safe: one owner reads it.
public final class FolderWatch {
    /// Readable when changes are waiting; closed when the watch is released.
    public let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private let roots: [String]
    private let excluded: Set<FolderIdentity>

    /// What one read found.
    public struct Changes: Equatable {
        /// Whether anything under the roots changed.
        public var changed = false
        /// Folders made under the roots that could not be watched (the change is still counted).
        public var warnings: [WatchError] = []
        /// Roots deleted or moved away: no longer watched.
        public var rootsGone: [String] = []
    }

    /// Watches every folder under `roots` now; throws when a root cannot be watched.
    public init(roots: [String], excluding excluded: Set<FolderIdentity>) throws {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw WatchError.cannotStart(reason: String(cString: strerror(errno))) }
        descriptor = fd
        self.roots = roots
        self.excluded = excluded
        for root in roots {
            try watchTree(root, depth: 0, isRoot: true)
        }
    }

    deinit { close(descriptor) }

    /// How many folders are watched.
    public var folderCount: Int { folders.count }

    private static let mask = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW | IN_ONLYDIR | IN_EXCL_UNLINK)

    /// Watches `path` and the folders under it. A root that cannot be watched throws; a folder
    /// under it that vanished before it was reached is passed over, and one that cannot be
    /// watched throws for the caller to report.
    private func watchTree(_ path: String, depth: Int, isRoot: Bool) throws {
        guard depth <= DiscoverStage.maxDepth, !isExcluded(path) else { return }
        let wd = PathText.withCString(path) { inotify_add_watch(descriptor, $0, Self.mask) }
        guard wd >= 0 else {
            let code = errno
            if code == ENOENT && !isRoot { return }
            if code == ENOTDIR && !isRoot { return }   // replaced by a file or a link meanwhile
            if code == ENOSPC { throw WatchError.tooManyFolders(path: path, limit: Self.watchLimit) }
            throw WatchError.cannotWatch(path: path, reason: String(cString: strerror(code)))
        }
        folders[wd] = path
        for child in Self.subfolders(of: path) {
            try watchTree(child, depth: depth + 1, isRoot: false)
        }
    }

    private func isExcluded(_ path: String) -> Bool {
        guard !excluded.isEmpty else { return false }
        var info = stat()
        return PathText.withCString(path, { lstat($0, &info) }) == 0 && excluded.contains(FolderIdentity(info))
    }

    /// The folders directly in `path` (not links to folders), read before any is walked so
    /// that one folder is open at a time; none when it cannot be read.
    private static func subfolders(of path: String) -> [String] {
        guard let handle = PathText.withCString(path, { opendir($0) }) else { return [] }
        defer { closedir(handle) }
        var found: [String] = []
        while let entry = readdir(handle) {
            let name = DirectoryEntryName.bytes(of: entry)
            if name == [46] || name == [46, 46] { continue }
            let cName = name.map { CChar(bitPattern: $0) } + [0]
            var status = stat()
            guard fstatat(dirfd(handle), cName, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            found.append((path == "/" ? "/" : path + "/") + PathText.encode(name))
        }
        return found
    }

    /// Reads every change waiting (none waiting is no change), and watches the folders made.
    public func readChanges() -> Changes {
        var changes = Changes()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            parse(buffer[0..<count], into: &changes)
        }
        return changes
    }

    /// Each event is a 16-byte header (watch, mask, cookie, name length) and the name, padded.
    private func parse(_ bytes: ArraySlice<UInt8>, into changes: inout Changes) {
        var offset = bytes.startIndex
        let header = 16
        while offset + header <= bytes.endIndex {
            let wd = Int32(bitPattern: word(bytes, offset))
            let mask = word(bytes, offset + 4)
            let length = Int(word(bytes, offset + 12))
            guard offset + header + length <= bytes.endIndex else { break }
            let nameBytes = bytes[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
            event(wd: wd, mask: mask, name: PathText.encode(nameBytes), into: &changes)
            offset += header + length
        }
    }

    private func word(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }

    private func event(wd: Int32, mask: UInt32, name: String, into changes: inout Changes) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost, folders made among them too: watch every folder again (a folder
            // watched already keeps its watch), and count it as a change.
            changes.changed = true
            for root in roots where folders.values.contains(root) {
                do { try watchTree(root, depth: 0, isRoot: false) } catch let error as WatchError { changes.warnings.append(error) } catch {}
            }
            return
        }
        guard let folder = folders[wd] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[wd] = nil
            if roots.contains(folder) { changes.rootsGone.append(folder) }
            return
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            if roots.contains(folder) {
                inotify_rm_watch(descriptor, wd)   // a root moved away is no longer the PATH given
            }
            changes.changed = true
            return
        }
        changes.changed = true
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if isFolder && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            do { try watchTree(path, depth: depth(of: path), isRoot: false) } catch let error as WatchError { changes.warnings.append(error) } catch {}
        }
    }

    /// How deep `path` lies under the root it is in.
    private func depth(of path: String) -> Int {
        let root = roots.filter { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }.max { $0.count < $1.count } ?? "/"
        return path.dropFirst(root.count).split(separator: "/").count
    }

    /// `fs.inotify.max_user_watches`, when it can be read.
    private static var watchLimit: Int? {
        (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
