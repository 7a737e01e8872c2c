/// How a claimed item ended: recorded in the catalog, or failed with a reason. Either way it
/// is finished and never claimed again (a file changed since is a new item).
public enum ClaimOutcome: Equatable, Sendable {
    case done
    case failed(reason: String)

    /// The item's state as the queue stores it.
    var state: String {
        switch self {
        case .done: return "done"
        case .failed: return "failed"
        }
    }

    var reason: String? {
        if case let .failed(reason) = self { return reason }
        return nil
    }
}
