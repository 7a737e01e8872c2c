/// A per-file failure: which file, what class of failure, and why, in words a person reads.
public struct IngestError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var errorClass: ErrorClass
    public var reason: String
    /// The failure is the library's, not the file's (its disk is full): the run stops, the file
    /// is not recorded as failed, and the next run with space finishes the job.
    public var stopsTheRun: Bool

    public init(_ errorClass: ErrorClass, path: String, reason: String, stopsTheRun: Bool = false) {
        self.errorClass = errorClass
        self.path = path
        self.reason = reason
        self.stopsTheRun = stopsTheRun
    }

    public var description: String { "\(path): \(errorClass.rawValue): \(reason)" }
}
