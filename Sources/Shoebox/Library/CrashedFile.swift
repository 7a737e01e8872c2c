/// A file an ingest process died on, as its crash log names it (`CrashGuard.failedFiles`):
/// over its time budget (`timeout`), or a fatal signal while working on it (`crashed`), in a
/// C library or, for a failed Swift runtime check (SIGILL there), in Shoebox's own code; or
/// in flight when the process was killed (SIGKILL, from the in-flight table: `InFlightTable`).
public struct CrashedFile: Equatable, Sendable {
    public var path: String
    public var errorClass: ErrorClass
    /// The signal came from Shoebox's own code (its program, the Swift runtime, Foundation).
    public var inOwnCode: Bool
    /// The process was killed (SIGKILL) while working on it, maybe with other files: which one
    /// took the memory, if memory it was, cannot be known.
    public var wasKilled: Bool

    public init(_ path: String, _ errorClass: ErrorClass, inOwnCode: Bool = false, wasKilled: Bool = false) {
        self.path = path
        self.errorClass = errorClass
        self.inOwnCode = inOwnCode
        self.wasKilled = wasKilled
    }
}
