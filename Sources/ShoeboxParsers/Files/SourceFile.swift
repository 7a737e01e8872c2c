import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads an original, read-only, without ever blocking on or following what it should not.
///
/// The file is opened with `O_RDONLY | O_NOFOLLOW | O_NONBLOCK` and checked with `fstat` on
/// the open descriptor: a FIFO named `photo.jpg` cannot hang the reader, a symlink swapped in
/// after the walk is refused, and only regular files are read. Nothing is ever written.
///
/// Paths are `PathText` (a name that is not UTF-8 is escaped), and may be longer than
/// `PATH_MAX`: such a path is opened one folder at a time with `openat`.
public enum SourceFile {
    /// The identity and change stamp of a regular file.
    public typealias Status = FileStatus

    /// The file opened read-only (never through a link, never blocking on a FIFO) and checked
    /// regular and at most `maxBytes`; the caller closes the descriptor.
    private static func openRegularFile(_ path: String, maxBytes: Int64) throws -> (Int32, Status) {
        let fd = openDescriptor(path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw MediaError.unreadable(path: path, reason: errnoDescription()) }
        do {
            let status = try regularFileStatus(fd, path: path)
            guard status.size <= maxBytes else {
                throw SourceFileError.tooLarge(size: status.size, limit: maxBytes)
            }
            return (fd, status)
        } catch {
            close(fd)
            throw error
        }
    }

    /// Reads the whole file into memory, refusing anything above `maxBytes`. A file of 1 to 16
    /// MiB (`ReadBufferPool`'s sizes) is read into a buffer from the pool, whose pages an
    /// earlier file mapped already.
    public static func read(_ path: String, maxBytes: Int64) throws -> (SourceBytes, Status) {
        try read(path, maxBytes: maxBytes, pool: .shared)
    }

    /// `read(_:maxBytes:)` with the buffers of `pool` (tests give each their own).
    static func read(_ path: String, maxBytes: Int64, pool: ReadBufferPool) throws -> (SourceBytes, Status) {
        let (fd, status) = try openRegularFile(path, maxBytes: maxBytes)
        defer { close(fd) }
        let bytes = try readAll(fd, expected: Int(status.size), path: path, pool: pool)
        return (bytes, status)
    }

    /// Reads the file as `read` does, except the byte ranges `leftOut` names from the open
    /// descriptor and the file's size, which stay zero and are never read (a PNG's pixel data
    /// when only its chunks around it are wanted).
    public static func read(_ path: String, maxBytes: Int64,
                            leavingOut leftOut: (Int32, Int64) -> [Range<Int64>]) throws -> (SourceBytes, Status) {
        let (fd, status) = try openRegularFile(path, maxBytes: maxBytes)
        defer { close(fd) }
        let bytes = SourceBytes(zeroed: Int(status.size))
        var start: Int64 = 0
        for gap in leftOut(fd, status.size) + [status.size ..< status.size] where gap.lowerBound >= start {
            try readRange(fd, start ..< min(gap.lowerBound, status.size), into: bytes, path: path)
            start = gap.upperBound
        }
        return (bytes, status)
    }

    /// Reads `range` of the file into the same offsets of `bytes`; a file that shrank leaves the
    /// rest zero.
    private static func readRange(_ fd: Int32, _ range: Range<Int64>, into bytes: SourceBytes, path: String) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let n = pread(fd, bytes.buffer.baseAddress! + Int(offset), Int(range.upperBound - offset), off_t(offset))
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n < 0 { throw MediaError.unreadable(path: path, reason: errnoDescription()) }
            if n == 0 { return }
            offset += Int64(n)
        }
    }

    /// Hashes the whole file by streaming it (videos are never read into memory).
    public static func hash(_ path: String) throws -> (String, Status) {
        let (fd, status) = try openRegularFile(path, maxBytes: .max)
        defer { close(fd) }
        do { return (try ContentHasher.hash(descriptor: fd), status) } catch {
            throw MediaError.unreadable(path: path, reason: errnoDescription())
        }
    }

    /// The first `count` bytes (fewer for a shorter file), opened as safely as `read`.
    public static func head(_ path: String, count: Int) throws -> [UInt8] {
        let (fd, _) = try openRegularFile(path, maxBytes: .max)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
        guard n >= 0 else { throw MediaError.unreadable(path: path, reason: errnoDescription()) }
        return Array(bytes.prefix(n))
    }

    /// The first `count` bytes (fewer for a shorter file), opened as safely as `read`, read
    /// straight into the `SourceBytes` that holds them.
    public static func prefix(_ path: String, count: Int) throws -> (SourceBytes, Status) {
        let (fd, status) = try openRegularFile(path, maxBytes: .max)
        defer { close(fd) }
        return (try readAll(fd, expected: Int(min(Int64(count), status.size)), path: path, pool: .shared), status)
    }

    /// The status of a path without opening it, not following a final symlink.
    public static func status(ofPath path: String) -> Status? {
        var info = stat()
        guard linkStatus(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Status(info)
    }

    /// `open(2)` of a path's text, however long the path: past `PATH_MAX` its folders are
    /// opened one at a time (`O_NOFOLLOW`: a walked path never goes through a symlink), then
    /// the name in the last one. -1 with `errno` set on failure, as `open`.
    public static func openDescriptor(_ path: String, flags: Int32) -> Int32 {
        let bytes = PathText.decode(path)
        guard bytes.count >= Int(PATH_MAX) else { return PathText.withCString(path) { open($0, flags) } }
        guard let (folder, name) = openFolder(holding: bytes) else { return -1 }
        defer { closeKeepingErrno(folder) }
        return name.withUnsafeBufferPointer { openat(folder, $0.baseAddress!, flags) }
    }

    /// `lstat(2)` of a path's text, however long the path; 0 on success, as `lstat`.
    public static func linkStatus(_ path: String, _ info: inout stat) -> Int32 {
        let bytes = PathText.decode(path)
        guard bytes.count >= Int(PATH_MAX) else { return PathText.withCString(path) { lstat($0, &info) } }
        guard let (folder, name) = openFolder(holding: bytes) else { return -1 }
        defer { closeKeepingErrno(folder) }
        return name.withUnsafeBufferPointer { fstatat(folder, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) }
    }

    /// The folder holding an absolute path's last name, opened (`O_PATH`) by walking down from
    /// `/`, and that name as a C string; nil with `errno` set when a folder cannot be opened.
    private static func openFolder(holding bytes: [UInt8]) -> (Int32, [CChar])? {
        let names = bytes.split(separator: UInt8(ascii: "/")).map { $0.map { CChar(bitPattern: $0) } + [0] }
        guard bytes.first == UInt8(ascii: "/"), let last = names.last else {
            errno = ENAMETOOLONG
            return nil
        }
        var folder = open("/", pathOnly | O_DIRECTORY | O_CLOEXEC)
        for name in names.dropLast() where folder >= 0 {
            let next = name.withUnsafeBufferPointer { openat(folder, $0.baseAddress!, pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            closeKeepingErrno(folder)
            folder = next
        }
        return folder >= 0 ? (folder, last) : nil
    }

    /// Linux's `O_PATH` (Glibc declares it only with `_GNU_SOURCE`, so Swift does not see it):
    /// a folder opened only to walk through, which needs search permission, not read.
    private static let pathOnly: Int32 = 0o10000000

    private static func closeKeepingErrno(_ fd: Int32) {
        let saved = errno
        close(fd)
        errno = saved
    }

    private static func regularFileStatus(_ fd: Int32, path: String) throws -> Status {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw MediaError.unreadable(path: path, reason: errnoDescription()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw MediaError.unreadable(path: path, reason: "not a regular file")
        }
        return Status(info)
    }

    /// Reads until end of file; a file that grows while read keeps only what `expected` allowed
    /// plus nothing more, a file that shrinks is read to its new end.
    private static func readAll(_ fd: Int32, expected: Int, path: String, pool: ReadBufferPool) throws -> SourceBytes {
        let pooled = pool.take(expected + SourceBytes.padding)
        let buffer = pooled ?? SourceBytes.allocate(expected)
        var filled = 0
        while filled < expected {
            let n = Glibc.read(fd, buffer.baseAddress! + filled, expected - filled)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n < 0 {
                let reason = errnoDescription()
                if let pooled { pool.giveBack(pooled) } else { buffer.deallocate() }
                throw MediaError.unreadable(path: path, reason: reason)
            }
            if n == 0 { break }
            filled += n
        }
        if let pooled { return SourceBytes(pooled: pooled, count: filled, from: pool) }
        let bytes = SourceBytes(owning: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<filled]))
        bytes.allocationBase = buffer
        return bytes
    }

    package static func errnoDescription() -> String { String(cString: strerror(errno)) }
}

/// Why a source file was refused before reading its content.
public enum SourceFileError: Error, Equatable {
    case tooLarge(size: Int64, limit: Int64)
}

extension SourceFile.Status {
    package init(_ info: stat) {
        self.init(size: Int64(info.st_size),
                  modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                  device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
