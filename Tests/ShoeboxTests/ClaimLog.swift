import Foundation

/// What concurrent claimers (threads) took and what failed, kept under a lock.
final class ClaimLog: @unchecked Sendable {
    private let lock = NSLock()
    private var itemsByClaimer: [Int: [Int64]] = [:]
    private var errors: [String] = []

    func add(_ items: [Int64], claimer: Int) {
        lock.withLock { itemsByClaimer[claimer, default: []] += items }
    }

    func fail(_ error: Error) {
        lock.withLock { errors.append("\(error)") }
    }

    /// Every item claimed, by all claimers.
    var items: [Int64] { lock.withLock { itemsByClaimer.values.flatMap { $0 } } }
    var failures: [String] { lock.withLock { errors } }
}
