import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The crash logs of supervised ingests that are gone (a supervisor killed with SIGKILL, a
/// machine lost), taken over by an ingest that starts: it records the files they name, as it
/// records those of `crash.log`, and then removes them.
///
/// A live supervisor holds its log's `flock` (`SupervisorCrashLog`), so a log whose lock can
/// be taken is a dead one's. Only files with a Shoebox crash log's name (`crash-<16 hex>.log`),
/// regular files reached without following a link, in a library with its marker, are taken.
/// Each is held locked from its reading to its removal, so two ingests starting at once never
/// both take one log, and a log removed meanwhile by another (no longer linked) is left alone.
final class OrphanedCrashLogs {
    private struct Taken {
        let name: String
        let descriptor: Int32
        let contents: [UInt8]
    }

    private let folder: LibraryFolder
    private var taken: [Taken]

    private init(folder: LibraryFolder, taken: [Taken]) {
        self.folder = folder
        self.taken = taken
    }

    deinit { taken.forEach { close($0.descriptor) } }

    /// Takes every supervisor's log in `library` that no live process holds, but `own`.
    static func takeOver(in library: Library, except own: CrashLog) throws -> OrphanedCrashLogs {
        let folder = try library.openSealed()
        let names = try folder.names().filter { CrashLog.isSupervisorLogName($0) && $0 != own.name }.sorted()
        return OrphanedCrashLogs(folder: folder, taken: names.compactMap { take($0, in: folder) })
    }

    /// The bytes of each log taken, in order of name.
    var contents: [[UInt8]] { taken.map(\.contents) }

    /// Removes the logs taken (once their files are recorded) and lets their locks go.
    func remove() {
        for log in taken {
            if folder.isStill(log.descriptor, named: log.name) { _ = try? folder.removeFile(log.name) }
            close(log.descriptor)
        }
        taken = []
    }

    /// The log `name`, read and locked, when it is a regular file no live process holds.
    private static func take(_ name: String, in folder: LibraryFolder) -> Taken? {
        guard let fd = folder.openRegularFile(name) else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, folder.isStill(fd, named: name),
              let bytes = try? LibraryFolder.read(fd, limit: 1 << 20, path: folder.path(of: name)) else {
            close(fd)
            return nil
        }
        return Taken(name: name, descriptor: fd, contents: bytes)
    }
}
