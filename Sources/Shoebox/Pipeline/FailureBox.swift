import Foundation

/// The first error of several threads: the one that stopped the work, kept for the caller.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Error?
    var value: Error? { lock.lock(); defer { lock.unlock() }; return first }
    func set(_ error: Error) { lock.lock(); if first == nil { first = error }; lock.unlock() }
}
