import Foundation

/// A counter one thread increments and others read.
public final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    public init() {}

    public var value: Int { lock.lock(); defer { lock.unlock() }; return count }

    public func increment() { lock.lock(); count += 1; lock.unlock() }
}
