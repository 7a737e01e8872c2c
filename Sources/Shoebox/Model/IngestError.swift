/// A per-file failure: which file, what class of failure, and why, in words a person reads.
public struct IngestError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var errorClass: ErrorClass
    public var reason: String

    public init(_ errorClass: ErrorClass, path: String, reason: String) {
        self.errorClass = errorClass
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(errorClass.rawValue): \(reason)" }
}
