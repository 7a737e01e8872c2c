import Foundation

/// Why the supervisor's journal cannot be used.
public enum IngestJournalError: Error, CustomStringConvertible {
    case cannotCreate(reason: String)
    case unreadable(descriptor: Int32, reason: String)

    public var description: String {
        switch self {
        case let .cannotCreate(reason): return "cannot create the ingest journal in \(NSTemporaryDirectory()): \(reason)"
        case let .unreadable(descriptor, reason): return "cannot read the ingest journal (descriptor \(descriptor)): \(reason)"
        }
    }
}
