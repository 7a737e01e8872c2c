/// A file an ingest process died on, as its crash log names it (`CrashGuard.failedFiles`):
/// over its time budget (`timeout`), or a fatal signal while working on it (`crashed`), in a
/// C library or, for a failed Swift runtime check (SIGILL there), in Shoebox's own code.
public struct CrashedFile: Equatable, Sendable {
    public var path: String
    public var errorClass: ErrorClass
    /// The signal came from Shoebox's own code (its program, the Swift runtime, Foundation).
    public var inOwnCode: Bool

    public init(_ path: String, _ errorClass: ErrorClass, inOwnCode: Bool = false) {
        self.path = path
        self.errorClass = errorClass
        self.inOwnCode = inOwnCode
    }
}
