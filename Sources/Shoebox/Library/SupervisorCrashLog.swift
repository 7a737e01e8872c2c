import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A supervised `shoebox ingest`'s own crash log (`crash-<16 hex>.log`), made and held by its
/// supervisor for its whole life, so that another ingest can tell it from a dead supervisor's.
///
/// The supervisor holds an exclusive `flock` on the file from the moment it is made until the
/// file is removed. The descriptor holding it is inherited by the supervisor's children (the
/// only processes it starts), so the lock lasts while the supervisor or any of its children
/// lives: after a `kill -9` of the supervisor, it is released only once the child (killed
/// with it, `PR_SET_PDEATHSIG`) is gone too, with whatever the child last wrote in the log.
/// The children write through a descriptor of their own (the crash guard's, appending): the
/// lock is advisory and does not keep them out. An ingest that starts takes over every such
/// log it can lock (`OrphanedCrashLogs`); a held one is never taken.
///
/// What callers may rely on: `create` returns only once the lock is held on the file that
/// bears the log's name (a log taken over and removed between its making and its locking is
/// made again under a new name), and throws where files cannot be locked; `retire` hands what the log still holds to `crash.log` and
/// removes it, while still holding the lock.
public final class SupervisorCrashLog {
    public let log: CrashLog
    private let library: Library
    private let descriptor: Int32

    private init(log: CrashLog, library: Library, descriptor: Int32) {
        self.log = log
        self.library = library
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Makes a new log in `library`, which must be sealed (nothing is made in a folder without
    /// Shoebox's marker), and takes its lock.
    public static func create(in library: Library) throws -> SupervisorCrashLog {
        let folder = try library.openSealed()
        while true {
            let log = CrashLog.forSupervisor()
            let fd = try folder.createFile(log.name)
            // Inherited by the children (see above): the lock must outlive the supervisor alone.
            _ = fcntl(fd, F_SETFD, 0)
            let locked = flock(fd, LOCK_EX | LOCK_NB) == 0
            let code = errno
            if locked, folder.isStill(fd, named: log.name) {
                return SupervisorCrashLog(log: log, library: library, descriptor: fd)
            }
            close(fd)
            // Taken over by another ingest in between (it holds the lock, or has removed the
            // file): a new name. Any other failure (a file system without locks) is the end.
            if !locked && code != EWOULDBLOCK {
                _ = try? folder.removeFile(log.name)   // best effort: the lock error is what the caller hears
                throw LibraryError.system(path: folder.path(of: log.name), operation: "lock", code: code)
            }
        }
    }

    /// Ends the log: what it still holds (a file no child recorded, as when the supervisor
    /// stops restarting) is appended to `crash.log`, for the next ingest to record, and the
    /// file is removed (a regular file, in the sealed library, never through a link).
    public func retire() throws {
        let folder = try library.openSealed()
        if let left = try folder.contents(of: log.name, limit: 1 << 20), !left.isEmpty {
            try CrashGuard.append(left, to: .shared, in: library)
        }
        try folder.removeFile(log.name)
    }
}
