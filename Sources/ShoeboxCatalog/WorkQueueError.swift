/// Why the queue refused a call.
public enum WorkQueueError: Error, Equatable, CustomStringConvertible {
    /// The claim on `path` (item `item`, attempt `attempt`) is no longer this worker's: its
    /// lease expired and another worker claimed the item, or it was released or completed.
    case claimLost(item: Int64, attempt: Int64, path: String)

    public var description: String {
        switch self {
        case let .claimLost(item, attempt, path):
            return "the claim on \(PathText.printable(path)) (item \(item), attempt \(attempt)) is no longer held: another worker has it, or it was finished or released"
        }
    }
}
