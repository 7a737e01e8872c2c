import Foundation

/// The claims one queue worker holds, from the claim until the catalog stage finishes the
/// file: what the lease keeper renews, what the catalog stage completes, and what is given
/// back when the worker stops.
///
/// Keyed by path (what every pipeline item carries); a path claimed twice (the file changed
/// while its first version was in flight, so two items) keeps both, first claimed first taken.
/// Safe to use from any thread.
final class ClaimLedger: @unchecked Sendable {
    private let condition = NSCondition()
    private var claims: [String: [Claim]] = [:]
    private var total = 0

    /// How many claims are held.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return total
    }

    /// Every claim held, for a renewal.
    var held: [Claim] {
        condition.lock()
        defer { condition.unlock() }
        return claims.values.flatMap { $0 }
    }

    func add(_ claim: Claim) {
        condition.lock()
        claims[claim.path, default: []].append(claim)
        total += 1
        condition.unlock()
    }

    /// The claim on `path`, no longer held here; nil when none is (a file this worker's own
    /// walk settled, never queued).
    func take(_ path: String) -> Claim? {
        condition.lock()
        defer { condition.unlock() }
        guard var list = claims[path], !list.isEmpty else { return nil }
        let claim = list.removeFirst()
        claims[path] = list.isEmpty ? nil : list
        total -= 1
        condition.broadcast()
        return claim
    }

    /// Every claim still held, no longer held here (a worker stopping gives them back).
    func takeAll() -> [Claim] {
        condition.lock()
        defer { condition.unlock() }
        let all = claims.values.flatMap { $0 }
        claims = [:]
        total = 0
        condition.broadcast()
        return all
    }

    /// Waits until at most `limit` claims are held, or `seconds` passed; true when they are.
    func wait(untilAtMost limit: Int, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while total > limit {
            if !condition.wait(until: deadline) { return total <= limit }
        }
        return true
    }
}
