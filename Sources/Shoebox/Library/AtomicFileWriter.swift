import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that it appears whole or not at all: into the library's `tmp/`, then
/// `rename` into place (atomic within one file system). A crash leaves at most a file in
/// `tmp/`, which the next run's `Library.prepare()` removes.
public enum AtomicFileWriter {
    /// Why a write failed; `isDiskFull` tells out-of-space apart.
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var code: Int32
        public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
        public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    private static let counter = Counter()

    public static func write(_ data: Data, to destination: String, scratchFolder: URL) throws {
        let temporary = scratchFolder.appendingPathComponent("\(getpid())-\(counter.next()).part").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: temporary, code: errno) }
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
        if written != data.count || close(fd) != 0 {
            let code = written != data.count ? writeErrno : errno
            unlink(temporary)
            throw WriteError(path: destination, code: code)
        }
        let folder = (destination as NSString).deletingLastPathComponent
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            let code = errno
            unlink(temporary)
            throw WriteError(path: folder, code: code)
        }
        guard rename(temporary, destination) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(path: destination, code: code)
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
