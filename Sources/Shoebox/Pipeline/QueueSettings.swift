/// How one ingest worker uses the work queue: its lease, and how much it claims at once.
public struct QueueSettings: Sendable, Equatable {
    /// How long a claim is leased for; renewed at a third of it while the file is in the
    /// pipeline, so only a worker that stopped renewing (dead, cut off, paused) loses its files.
    public var lease: Duration
    /// Files claimed at once.
    public var batch: Int
    /// Claims held at most (in the pipeline's queues, being decoded, being written): the rest
    /// stays pending for other workers.
    public var maxHeld: Int
    public static let defaultLease = Duration.seconds(60)
    /// Files enqueued per statement by discovery.
    public var enqueueBatch = 1000

    /// The default for `decodeWorkers` decode workers: a minute's lease (three times an image's
    /// default time budget; renewals, not the lease, cover a long video), two files claimed per
    /// decode worker, and twice that held.
    public init(lease: Duration = QueueSettings.defaultLease, decodeWorkers: Int) {
        self.lease = lease
        batch = max(1, 2 * decodeWorkers)
        maxHeld = 2 * batch
    }

    /// How often leases are renewed: a third of the lease.
    var renewSeconds: Double { lease.inSeconds / 3 }

    /// How long a worker with nothing to claim waits before it asks again: a tenth of the lease,
    /// at most a second (a dead worker's files come back after one lease).
    var pollSeconds: Double { min(1, lease.inSeconds / 10) }
}
