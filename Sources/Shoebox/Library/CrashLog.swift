/// Which file in the library a process's crash guard writes to (`CrashGuard`), and which the
/// next process reads.
///
/// Each supervised `shoebox ingest` has a log of its own, `crash-<16 hex>.log`, made and locked
/// by its supervisor when it starts and removed by it at its end (`SupervisorCrashLog`): the
/// supervisor reads it to name the file its child died on, and its next child records that
/// file; the log of a supervisor killed with SIGKILL is taken over by the next ingest
/// (`OrphanedCrashLogs`). Workers that share a
/// library (queue workers, on one machine or many) therefore never read each other's crashes:
/// with one log, a worker starting just after another's child died recorded that crash and
/// emptied the log, and the other's supervisor found no file to name. `crash.log` (`shared`)
/// is what a process without a supervisor writes (`ingest --no-supervise`): every ingest reads
/// it at start, as "the next ingest" that records such a crash.
public struct CrashLog: Sendable, Equatable {
    /// The file's name in the library folder: `crash.log` or `crash-<16 hex>.log`.
    public let name: String

    /// The log of processes without a supervisor.
    public static let shared = CrashLog(checkedName: "crash.log")

    /// A new log for one supervised ingest, named at random (pids repeat across the machines
    /// that share a library).
    public static func forSupervisor() -> CrashLog {
        var generator = SystemRandomNumberGenerator()
        return CrashLog(checkedName: "crash-" + (generator.next() as UInt64).zeroPaddedHex + ".log")
    }

    /// The log called `name`, if that is a name Shoebox gives a crash log (it arrives in a
    /// child's environment: anything else is refused).
    public init?(name: String) {
        guard name == Self.shared.name || Self.isSupervisorLogName(name) else { return nil }
        self.name = name
    }

    private init(checkedName: String) {
        name = checkedName
    }

    /// Whether `name` is a supervised ingest's log: `crash-` and 16 lowercase hex digits, `.log`.
    public static func isSupervisorLogName(_ name: String) -> Bool {
        guard name.hasPrefix("crash-"), name.hasSuffix(".log") else { return false }
        let digits = name.utf8.dropFirst(6).dropLast(4)
        return digits.count == 16 && digits.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    public func path(in library: Library) -> String {
        library.root.appendingPathComponent(name).path
    }
}
