import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One folder of a library, held open by its descriptor and reached from the library's root
/// one name at a time, never through a symbolic link.
///
/// Every file Shoebox writes, renames or removes in a library goes through one of these
/// (`openat`, `mkdirat`, `renameat`, `unlinkat` relative to the descriptor, with `O_NOFOLLOW`),
/// so a link planted where `tmp/`, `thumbs/` or `covers/` should be is an error, never a way out
/// of the library. The root itself is opened as given: a `--library` that is a link the user
/// made is followed, as every tool follows the paths it is given.
public final class LibraryFolder {
    /// What a name in a folder is, looked at without following it.
    public enum Entry: Equatable {
        case file(bytes: Int64)
        case folder
        /// A symbolic link, FIFO, socket or device: never Shoebox's.
        case other
    }

    /// The folder's path, for messages only: nothing is opened by it.
    public let path: String
    let descriptor: Int32

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens the folder at `path` (following a link given as the path itself).
    public static func open(path: String) throws -> LibraryFolder {
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw LibraryError.system(path: path, operation: "open", code: errno) }
        return LibraryFolder(descriptor: fd, path: path)
    }

    /// The folder `name` in this one; nil when there is none. A link, a file or anything else
    /// under that name is an error.
    public func subfolder(_ name: String) throws -> LibraryFolder? {
        let fd = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 { return LibraryFolder(descriptor: fd, path: path(of: name)) }
        let code = errno
        if code == ENOENT { return nil }
        if code == ELOOP || code == ENOTDIR {
            throw LibraryError.notAFolder(path: path(of: name), found: describe(entry(name)))
        }
        throw LibraryError.system(path: path(of: name), operation: "open", code: code)
    }

    /// The folder `name` in this one, made when missing (by this process or another at once).
    public func makeSubfolder(_ name: String) throws -> LibraryFolder {
        if let folder = try subfolder(name) { return folder }
        guard mkdirat(descriptor, name, 0o755) == 0 || errno == EEXIST else {
            throw LibraryError.system(path: path(of: name), operation: "create folder", code: errno)
        }
        guard let folder = try subfolder(name) else {
            throw LibraryError.system(path: path(of: name), operation: "open", code: ENOENT)
        }
        return folder
    }

    /// The names in this folder, but `.` and `..`; a name that is not UTF-8 is not listed
    /// (Shoebox names its files in ASCII, so such a file is never its own).
    public func names() throws -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let handle = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw LibraryError.system(path: path, operation: "read folder", code: code)
        }
        defer { closedir(handle) }
        rewinddir(handle)
        var names: [String] = []
        while let entry = readdir(handle) {
            let bytes = DirectoryEntryName.bytes(of: entry)
            guard bytes != [46], bytes != [46, 46], let name = String(validating: bytes, as: UTF8.self) else { continue }
            names.append(name)
        }
        return names
    }

    /// What `name` is, without following it; nil when there is no such entry.
    public func entry(_ name: String) -> Entry? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(bytes: Int64(info.st_size))
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Removes the regular file `name`. Anything that is not a regular file (a link above all)
    /// is left alone: returns false.
    @discardableResult
    public func removeFile(_ name: String) throws -> Bool {
        guard case .file = entry(name) else { return false }
        guard unlinkat(descriptor, name, 0) == 0 else {
            if errno == ENOENT { return false }
            throw LibraryError.system(path: path(of: name), operation: "remove", code: errno)
        }
        return true
    }

    /// Removes the folder `name` when it is empty; returns whether it did.
    @discardableResult
    public func removeFolderIfEmpty(_ name: String) -> Bool {
        guard entry(name) == .folder else { return false }
        return unlinkat(descriptor, name, AT_REMOVEDIR) == 0
    }

    /// Creates the new file `name` for writing; fails when anything is there already.
    func createFile(_ name: String, mode: mode_t = 0o644) throws -> Int32 {
        let fd = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw LibraryError.system(path: path(of: name), operation: "create", code: errno) }
        return fd
    }

    /// Opens the file `name` (made when missing) for reading and writing, never through a link.
    func openFile(_ name: String, mode: mode_t = 0o644) throws -> Int32 {
        let fd = openat(descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw LibraryError.system(path: path(of: name), operation: "open", code: errno) }
        return fd
    }

    /// The bytes of the small regular file `name` (at most `limit`); nil when it is missing.
    package func contents(of name: String, limit: Int = 4096) throws -> [UInt8]? {
        let fd = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw LibraryError.system(path: path(of: name), operation: "read", code: errno)
        }
        defer { close(fd) }
        return try Self.read(fd, limit: limit, path: path(of: name))
    }

    /// The regular file `name`, opened for reading (never through a link, never a FIFO's
    /// wait); nil when it cannot be opened or is not a regular file. The caller closes it.
    func openRegularFile(_ name: String) -> Int32? {
        let fd = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Whether the open file `fd` is still the regular file called `name` here (not removed,
    /// nor replaced by another file since it was opened).
    func isStill(_ fd: Int32, named name: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, open.st_nlink > 0,
              fstatat(descriptor, name, &named, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return named.st_mode & S_IFMT == S_IFREG && named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }

    /// Up to `limit` bytes from the start of the open file `fd` (`path` names it in errors).
    static func read(_ fd: Int32, limit: Int, path: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, limit - count, off_t(count)) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw LibraryError.system(path: path, operation: "read", code: errno) }
            if n == 0 { break }
            count += n
        }
        return Array(buffer.prefix(count))
    }

    /// Renames `name` in this folder to `newName` in `folder`, replacing what is there.
    package func move(_ name: String, to folder: LibraryFolder, as newName: String) throws {
        guard renameat(descriptor, name, folder.descriptor, newName) == 0 else {
            throw LibraryError.system(path: folder.path(of: newName), operation: "rename into place", code: errno)
        }
    }

    /// Makes `name` here a hard link to the regular file at `source` (never following a link
    /// at either end); false when the file system cannot (another device, no hard links) or
    /// `name` exists.
    package func link(toFileAt source: String, as name: String) -> Bool {
        linkat(AT_FDCWD, source, descriptor, name, 0) == 0
    }

    /// Copies the regular file at `source` (opened without following a link) into the new file
    /// `name` here, in pieces, so that a file of any size costs a piece of memory.
    package func copy(fileAt source: String, as name: String) throws {
        let input = Glibc.open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { throw LibraryError.system(path: source, operation: "open", code: errno) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw LibraryError.system(path: source, operation: "open a regular file", code: EINVAL)
        }
        let output = try createFile(name)
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw LibraryError.system(path: source, operation: "read", code: errno) }
            if n == 0 { return }
            var done = 0
            while done < n {
                let m = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + done, n - done) }
                if m < 0 && errno == EINTR { continue }
                guard m > 0 else { throw LibraryError.system(path: path(of: name), operation: "write", code: errno) }
                done += m
            }
        }
    }

    /// Makes what was written in this folder durable (a new name, a rename).
    func synchronize() { _ = fsync(descriptor) }

    public func path(of name: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + name
    }

    private func describe(_ entry: Entry?) -> String {
        switch entry {
        case .file: return "a file"
        case .folder: return "a folder"
        case .other: return "a symbolic link or special file"
        case nil: return "nothing"
        }
    }
}
