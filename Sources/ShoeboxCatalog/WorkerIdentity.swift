import Foundation

/// Who holds a claim: what `shoebox status` shows, and what lets a person find the process.
public struct WorkerIdentity: Equatable, Hashable, Sendable {
    /// Unique among the workers of a queue (a new one each time a worker starts).
    public var id: String
    /// The machine the worker runs on.
    public var host: String
    /// The worker's process id on `host`.
    public var pid: Int32

    public init(id: String, host: String, pid: Int32) {
        self.id = id
        self.host = host
        self.pid = pid
    }

    /// This process, with a fresh id.
    public static func current() -> WorkerIdentity {
        WorkerIdentity(id: UUID().uuidString.lowercased(), host: ProcessInfo.processInfo.hostName,
                       pid: ProcessInfo.processInfo.processIdentifier)
    }
}
