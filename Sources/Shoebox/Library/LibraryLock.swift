import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on a library folder, so two ingests never write one catalog at once.
/// Released when the process exits, however it exits (an advisory `flock`).
public final class LibraryLock {
    private let fd: Int32

    /// Takes the lock, or throws at once if another process holds it.
    public init(_ library: Library) throws {
        fd = open(library.lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LibraryError.cannotLock(library.root.path, String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw LibraryError.cannotLock(library.root.path, "another shoebox process is using it")
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
