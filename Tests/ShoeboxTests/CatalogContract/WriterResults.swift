import Foundation

/// What concurrent writers returned, gathered under a lock.
final class WriterResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var idsByPath: [String: [Int64]] = [:]
    private(set) var errors: [String] = []

    func add(_ path: String, _ id: Int64) {
        lock.withLock { idsByPath[path, default: []].append(id) }
    }

    func fail(_ error: Error) {
        lock.withLock { errors.append("\(error)") }
    }
}
