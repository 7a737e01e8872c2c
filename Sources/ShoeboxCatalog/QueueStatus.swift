/// How a work queue stands: items per state, and each active worker's claims and throughput.
///
/// Built in Swift from per-(state, worker) aggregates that one query returns
/// (`QueueStatus.Group`): which workers are shown, and their order, are decided here.
public struct QueueStatus: Equatable, Sendable {
    /// What one worker holds and has finished.
    public struct Worker: Equatable, Sendable {
        public var identity: WorkerIdentity
        /// Items it holds a claim on now.
        public var claimed: Int
        /// Seconds since it took the oldest claim it holds (nil when it holds none).
        public var oldestClaimAge: Double?
        /// Seconds until the first of its leases runs out; zero or less: expired, so another
        /// worker's next claim takes the item (nil when it holds none).
        public var soonestLeaseLeft: Double?
        /// Items it finished (done or failed) within the status's window.
        public var finishedInWindow: Int

        public init(identity: WorkerIdentity, claimed: Int, oldestClaimAge: Double?, soonestLeaseLeft: Double?,
                    finishedInWindow: Int) {
            self.identity = identity
            self.claimed = claimed
            self.oldestClaimAge = oldestClaimAge
            self.soonestLeaseLeft = soonestLeaseLeft
            self.finishedInWindow = finishedInWindow
        }

        /// Whether some lease it holds has run out: the worker is likely stuck or gone.
        public var hasExpiredLease: Bool { (soonestLeaseLeft ?? 1) <= 0 }
    }

    /// The items of one state that one worker touched last (no worker: pending items, or
    /// finished ones whose worker is unknown), as the status query aggregates them.
    public struct Group: Equatable, Sendable {
        public var state: String
        public var worker: WorkerIdentity?
        public var count: Int
        public var oldestClaimAge: Double?
        public var soonestLeaseLeft: Double?
        public var finishedInWindow: Int

        public init(state: String, worker: WorkerIdentity?, count: Int, oldestClaimAge: Double? = nil,
                    soonestLeaseLeft: Double? = nil, finishedInWindow: Int = 0) {
            self.state = state
            self.worker = worker
            self.count = count
            self.oldestClaimAge = oldestClaimAge
            self.soonestLeaseLeft = soonestLeaseLeft
            self.finishedInWindow = finishedInWindow
        }
    }

    public var pending: Int
    public var claimed: Int
    public var done: Int
    public var failed: Int
    /// The span `finishedInWindow` counts over.
    public var window: Duration
    /// Workers holding claims or having finished items within `window`, by host, pid, id.
    public var workers: [Worker]

    public init(pending: Int, claimed: Int, done: Int, failed: Int, window: Duration, workers: [Worker]) {
        self.pending = pending
        self.claimed = claimed
        self.done = done
        self.failed = failed
        self.window = window
        self.workers = workers
    }

    /// The status the aggregates `groups` add up to.
    public init(groups: [Group], window: Duration) {
        func total(_ state: String) -> Int { groups.filter { $0.state == state }.reduce(0) { $0 + $1.count } }
        var byWorker: [WorkerIdentity: Worker] = [:]
        for group in groups {
            guard let identity = group.worker else { continue }
            var worker = byWorker[identity]
                ?? Worker(identity: identity, claimed: 0, oldestClaimAge: nil, soonestLeaseLeft: nil, finishedInWindow: 0)
            if group.state == "claimed" {
                worker.claimed += group.count
                worker.oldestClaimAge = [worker.oldestClaimAge, group.oldestClaimAge].compactMap { $0 }.max()
                worker.soonestLeaseLeft = [worker.soonestLeaseLeft, group.soonestLeaseLeft].compactMap { $0 }.min()
            } else {
                worker.finishedInWindow += group.finishedInWindow
            }
            byWorker[identity] = worker
        }
        let active = byWorker.values.filter { $0.claimed > 0 || $0.finishedInWindow > 0 }
        self.init(pending: total("pending"), claimed: total("claimed"), done: total("done"), failed: total("failed"),
                  window: window, workers: active.sorted(by: Self.order))
    }

    private static func order(_ a: Worker, _ b: Worker) -> Bool {
        (a.identity.host, a.identity.pid, a.identity.id) < (b.identity.host, b.identity.pid, b.identity.id)
    }

    /// The window in seconds.
    public var windowSeconds: Double {
        window.inSeconds
    }

    /// Items a worker finished per minute, over the window.
    public func perMinute(_ worker: Worker) -> Double {
        windowSeconds > 0 ? Double(worker.finishedInWindow) * 60 / windowSeconds : 0
    }
}
