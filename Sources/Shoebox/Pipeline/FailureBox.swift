import Synchronization

/// The first error of several threads: the one that stopped the work, kept for the caller.
final class FailureBox: Sendable {
    private let first = Mutex<Error?>(nil)
    var value: Error? { first.withLock { $0 } }
    func set(_ error: Error) { first.withLock { if $0 == nil { $0 = error } } }
}
