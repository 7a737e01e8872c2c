import CCrashGuard
import Foundation

/// Which files a supervised ingest child is working on, kept where its supervisor can read
/// them after the child is gone: a SIGKILL (the kernel's out-of-memory killer) runs no handler,
/// so the crash guard cannot write the file to the crash log as it does for a crash.
///
/// The supervisor makes the table (`create`) before the first child and empties it (`clear`)
/// before each; the child shares it (`share`) before any work, and from then on every file
/// `CrashGuard.whileWorking` is on is in it until the work ends. Its memory file is passed to
/// the child by descriptor, as the journal is, so a forked and a spawned child both reach it.
/// It also carries how far the command got (`publish`), for the line a supervisor prints when
/// the person stops the command.
public struct InFlightTable: Sendable {
    public let descriptor: Int32

    /// A new, empty table.
    public static func create() throws -> InFlightTable {
        let fd = sb_in_flight_create()
        guard fd >= 0 else { throw LibraryError.system(path: "memfd:shoebox-in-flight", operation: "memfd_create", code: errno) }
        return InFlightTable(descriptor: fd)
    }

    /// The table a supervisor passed down as `descriptor`, which this process marks from now on.
    public static func share(descriptor: Int32) throws -> InFlightTable {
        guard sb_in_flight_share(descriptor) == 0 else {
            throw LibraryError.system(path: "memfd:shoebox-in-flight", operation: "mmap", code: errno)
        }
        return InFlightTable(descriptor: descriptor)
    }

    /// The files being worked on when the child stopped, in the crash log's text
    /// (`CrashGuard.logText`), in no particular order.
    public func paths() -> [String] {
        var buffer = [CChar](repeating: 0, count: 16384)
        return (0 ..< sb_in_flight_capacity()).compactMap { index in
            let length = buffer.withUnsafeMutableBufferPointer { sb_in_flight_path(descriptor, index, $0.baseAddress, UInt($0.count)) }
            guard length >= 0 else { return nil }
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// In an ingest: the files done so far (every outcome but missing, an earlier process's
    /// included), for the supervisor to say how far a stopped command got.
    public static func publish(done: Int) {
        sb_in_flight_set_done(Int64(done))
    }

    /// In an ingest: the files the count ahead of the walk found.
    public static func publish(counted: Int) {
        sb_in_flight_set_counted(Int64(counted))
    }

    /// In the supervisor: the progress the child last published; `counted` is nil before the
    /// count finished, and the whole is nil when the table cannot be read.
    public func progress() -> (done: Int, counted: Int?)? {
        var done: Int64 = 0, counted: Int64 = 0
        guard sb_in_flight_progress(descriptor, &done, &counted) == 0 else { return nil }
        return (Int(done), counted < 0 ? nil : Int(counted))
    }

    /// Empties every entry and the progress.
    public func clear() {
        _ = sb_in_flight_clear(descriptor)
    }
}
