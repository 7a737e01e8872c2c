import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file of the library so that it appears whole or not at all: into the library's
/// `tmp/`, then renamed into place (atomic within one file system). A crash leaves at most a
/// scratch file in `tmp/`, which the next run's `Library.prepare()` removes.
///
/// Every step goes through `LibraryFolder`, relative to the library's root and never through
/// a symbolic link: a link where `tmp/` or a destination folder should be fails the write.
public enum AtomicFileWriter {

    private static let counter = Counter()

    /// Writes `data` to `relativePath` (e.g. `thumbs/ab/<name>.jpg`) in `library`, making the
    /// folders on the way. Throws `AtomicWriteError` when a system call fails, `LibraryError` when a
    /// folder on the way is not a folder.
    public static func write(_ data: Data, toRelativePath relativePath: String, in library: Library) throws {
        let components = relativePath.split(separator: "/").map(String.init)
        guard let fileName = components.last, !components.contains("..") else {
            throw AtomicWriteError(path: library.absolutePath(relativePath), code: EINVAL)
        }
        do {
            let root = try LibraryFolder.open(path: library.root.path)
            let scratch = try root.makeSubfolder("tmp")
            let scratchName = "\(getpid())-\(counter.next()).part"
            try writeNewFile(data, as: scratchName, in: scratch)
            do {
                var folder = root
                for component in components.dropLast() { folder = try folder.makeSubfolder(component) }
                try scratch.move(scratchName, to: folder, as: fileName)
            } catch {
                _ = try? scratch.removeFile(scratchName)
                throw error
            }
        } catch let error as LibraryError {
            guard let code = error.code else { throw error }
            throw AtomicWriteError(path: library.absolutePath(relativePath), code: code)
        }
    }

    /// Writes `data` as the new file `name` in `folder` (which must not hold it), whole or not
    /// at all: a failed write removes what it wrote. Renaming it into place is the caller's.
    package static func writeNewFile(_ data: Data, as name: String, in folder: LibraryFolder) throws {
        let fd = try folder.createFile(name)
        let written = data.withUnsafeBytes { raw -> Int in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return -1 }
                offset += n
            }
            return offset
        }
        let writeErrno = errno
        let closed = close(fd) == 0
        let closeErrno = errno
        if written != data.count || !closed {
            let code = written != data.count ? writeErrno : closeErrno
            _ = try? folder.removeFile(name)
            throw LibraryError.system(path: folder.path(of: name), operation: "write", code: code)
        }
    }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int {
            lock.lock(); defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
