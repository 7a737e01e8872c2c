import Synchronization

/// A counter one thread increments and others read.
public final class AtomicCounter: Sendable {
    private let count = Mutex(0)

    public init() {}

    public var value: Int { count.withLock { $0 } }

    public func increment() { count.withLock { $0 += 1 } }
}
