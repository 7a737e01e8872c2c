/// A per-file failure: which file, what class of failure, and why, in words a person reads;
/// where it failed and what the library said, for a script or a bug report.
public struct IngestError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var errorClass: ErrorClass
    public var reason: String
    /// The stage the file failed in (set by the stage runner when the stage did not).
    public var stage: IngestStage?
    /// The library's own code and message, when a library refused the file.
    public var cause: LibraryCause?
    /// The failure is the library's, not the file's (its disk is full): the run stops, the file
    /// is not recorded as failed, and the next run with space finishes the job.
    public var stopsTheRun: Bool

    /// `causedBy`: the error the failure comes from; its library's cause is kept when it has one.
    public init(_ errorClass: ErrorClass, path: String, reason: String, stage: IngestStage? = nil,
                causedBy error: (any Error)? = nil, stopsTheRun: Bool = false) {
        self.errorClass = errorClass
        self.path = path
        self.reason = reason
        self.stage = stage
        self.cause = error.flatMap { LibraryCause(of: $0) }
        self.stopsTheRun = stopsTheRun
    }

    public var description: String { "\(path): \(errorClass.rawValue): \(reason)" }
}
