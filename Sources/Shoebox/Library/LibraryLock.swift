import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on a library folder, so two ingests never write one catalog at once.
/// Released when the process exits, however it exits (an advisory `flock`).
public final class LibraryLock {
    private let fd: Int32
    /// How long `init` waits by default for another process to let go: long enough for the
    /// ingest child of a `kill -9`ed `shoebox ingest` to die (it is killed with its parent, but
    /// not in the same instant), short enough that a second concurrent ingest fails soon.
    public static let defaultWait = 5.0

    /// Takes the lock, waiting up to `waitSeconds` while another process holds it, then throws.
    public init(_ library: Library, waitSeconds: Double = LibraryLock.defaultWait) throws {
        fd = open(library.lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LibraryError.cannotLock(library.root.path, String(cString: strerror(errno))) }
        let deadline = Date().addingTimeInterval(waitSeconds)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw LibraryError.cannotLock(library.root.path, "another shoebox process is using it")
            }
            usleep(50_000)
        }
    }

    deinit { close(fd) }
}

/// Why a library folder cannot be used.
public enum LibraryError: Error, CustomStringConvertible {
    case cannotLock(String, String)
    case cannotCreate(String, String)

    public var description: String {
        switch self {
        case let .cannotLock(path, reason): return "cannot lock library \(path): \(reason)"
        case let .cannotCreate(path, reason): return "cannot create library \(path): \(reason)"
        }
    }
}
