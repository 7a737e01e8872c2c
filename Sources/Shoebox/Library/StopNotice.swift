/// What a process says when the crash guard ends it on a file, after the guard's own words:
/// `shoebox: stopped: a file went over its time budget: PATH` or `shoebox: stopped: a C library
/// crashed on PATH (SIGNAL)`. Each command says what it recorded and what the user can do,
/// since only it knows (see `CrashGuard.announce`).
public struct StopNotice: Sendable, Equatable {
    public var afterTimeout: String
    public var afterCrash: String

    public init(afterTimeout: String, afterCrash: String) {
        self.afterTimeout = afterTimeout
        self.afterCrash = afterCrash
    }

    /// `ingest --no-supervise`: the log holds the file, and the next ingest records it.
    public static let unsupervisedIngest = StopNotice(
        afterTimeout: " (recorded as timeout; run the same ingest again to go on)",
        afterCrash: " (recorded as crashed; run the same ingest again to go on)")
}
