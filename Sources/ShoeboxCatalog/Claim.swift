/// One queued file claimed by one worker: what the worker works on, and the token that proves
/// it still holds it.
///
/// `attempt` counts the claims of the item; each new claim raises it, so a worker whose lease
/// expired and whose item someone else claimed holds a stale `attempt`, and every later call
/// it makes with this claim is refused (`WorkQueueError.claimLost`).
public struct Claim: Equatable, Hashable, Sendable {
    /// The queue item's id.
    public var item: Int64
    public var attempt: Int64
    public var worker: WorkerIdentity
    /// The file as discovery found it (absolute path, its root, size and mtime).
    public var path: String
    public var root: String
    public var size: Int64
    public var modifiedNanoseconds: Int64

    public init(item: Int64, attempt: Int64, worker: WorkerIdentity, path: String, root: String,
                size: Int64, modifiedNanoseconds: Int64) {
        self.item = item
        self.attempt = attempt
        self.worker = worker
        self.path = path
        self.root = root
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }
}
