import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on a library folder, so two ingests never write one catalog at once.
/// Released when the process exits, however it exits (an advisory `flock`).
///
/// Ingest workers sharing a PostgreSQL catalog's work queue take it shared: they may write
/// one library together (thumbnails are content-addressed and written atomically), while
/// `gc` and `covers`, exclusive, still wait for all of them.
///
/// Taking it seals the library first (`Library.seal()`): a folder that is not a library is
/// refused before the lock file is made in it.
public final class LibraryLock {
    private let fd: Int32
    /// How long `init` waits by default for another process to let go: long enough for the
    /// ingest child of a `kill -9`ed `shoebox ingest` to die (it is killed with its parent, but
    /// not in the same instant), short enough that a second concurrent ingest fails soon.
    public static let defaultWait = 5.0

    /// Takes the lock (`shared` with other shared holders), waiting up to `waitSeconds` while
    /// another process holds it in a way that excludes this one, then throws.
    public init(_ library: Library, shared: Bool = false, waitSeconds: Double = LibraryLock.defaultWait) throws {
        do {
            fd = try library.seal().openFile("lock")
        } catch let error as LibraryError where error.code != nil {
            throw LibraryError.cannotLock(library.root.path, String(cString: strerror(error.code ?? 0)))
        }
        let deadline = Date().addingTimeInterval(waitSeconds)
        while flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw LibraryError.cannotLock(library.root.path, "another shoebox process is using it")
            }
            usleep(50_000)
        }
    }

    deinit { close(fd) }
}
