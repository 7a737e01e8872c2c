import Foundation

/// Errors gathered from concurrent work.
final class ErrorList: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Error] = []
    func append(_ error: Error) { lock.withLock { errors.append(error) } }
    var all: [Error] { lock.withLock { errors } }
}
