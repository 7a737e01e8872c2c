import Dispatch
import Foundation

/// Feeds one worker's pipeline from the work queue its catalog holds, instead of straight from
/// its walk: several `shoebox ingest` processes over the same roots then share the files.
///
/// Two threads: one takes what this worker's walk finds and enqueues the files in batches
/// (`enqueue` is idempotent, so every worker walking the same roots makes one item per file;
/// what the walk settles itself, such as a folder it cannot read, goes straight on); the other
/// claims a few files at a time, while the claims in flight leave room, and hands them to the
/// pipeline. The claimer stops when this worker's walk is enqueued, nothing is pending, and
/// no other worker holds a claim (a holder may die: its files come back when its lease runs
/// out, and a waiting worker takes them); or when `stopped` says so. docs/CATALOG.md, "The work queue".
final class QueueFeed: @unchecked Sendable {
    let queue: any WorkQueue
    let worker: WorkerIdentity
    let ledger: ClaimLedger
    let settings: QueueSettings
    private let run: Int64
    private let stopped: @Sendable () -> Bool
    private let walkEnqueued = CancellationFlag()
    private let failure = FailureBox()
    /// The path of every regular file this worker's walk found (what a missing-file check
    /// compares the catalog with); written by the enqueueing thread, read once the feed's
    /// threads are done (`start`'s group).
    private(set) var walked = Set<String>()

    init(queue: any WorkQueue, worker: WorkerIdentity, settings: QueueSettings, run: Int64,
         stopped: @escaping @Sendable () -> Bool) {
        self.queue = queue
        self.worker = worker
        self.settings = settings
        self.run = run
        self.stopped = stopped
        ledger = ClaimLedger()
    }

    /// The first error that stopped a feed thread, if any.
    var error: Error? { failure.value }

    /// Whether the feed is stopping: told to, or a feed thread failed. The walk that feeds it
    /// stops with it.
    var isStopping: Bool { stopped() || error != nil }

    /// Starts both threads: `found` is what the walk pushes into; `output` is the pipeline's
    /// first queue, closed once both threads are done.
    func start(found: BlockingQueue<PipelineItem<DiscoveredFile>>, output: BlockingQueue<PipelineItem<DiscoveredFile>>,
               group: DispatchGroup) {
        let feeding = DispatchGroup()
        DispatchQueue(label: "shoebox.enqueue").async(group: feeding) {
            self.capture { try self.enqueueWalk(from: found, into: output) }
            while found.pop() != nil {}   // after a failure (the walk stops, seeing `error`): it must not stay blocked
            self.walkEnqueued.set()
        }
        DispatchQueue(label: "shoebox.claim").async(group: feeding) {
            self.capture { try self.claimLoop(into: output) }
        }
        group.enter()
        feeding.notify(queue: .global()) {
            output.close()
            group.leave()
        }
    }

    private func enqueueWalk(from found: BlockingQueue<PipelineItem<DiscoveredFile>>,
                             into output: BlockingQueue<PipelineItem<DiscoveredFile>>) throws {
        var batch: [DiscoveredFile] = []
        while let item = found.pop() {
            switch item {
            case let .work(file):
                batch.append(file)
                walked.insert(file.path)
                if batch.count >= settings.enqueueBatch {
                    try queue.enqueue(batch, run: run)
                    batch.removeAll(keepingCapacity: true)
                }
            case .settled:
                output.push(item)
            }
        }
        try queue.enqueue(batch, run: run)
    }

    private func claimLoop(into output: BlockingQueue<PipelineItem<DiscoveredFile>>) throws {
        while !isStopping {
            guard ledger.wait(untilAtMost: settings.maxHeld - settings.batch, seconds: settings.pollSeconds) else { continue }
            let walkWasEnqueued = walkEnqueued.isSet   // before the claim: see `isFinished`
            let claims = try queue.claim(batch: settings.batch, worker: worker, lease: settings.lease)
            if claims.isEmpty {
                if try isFinished(walkWasEnqueued: walkWasEnqueued) { return }
                Thread.sleep(forTimeInterval: settings.pollSeconds)
                continue
            }
            try hand(claims, to: output)
        }
    }

    /// Nothing left to claim for good: this worker's walk was enqueued before the claim that
    /// came back empty, and every item claimed now is one of this worker's, in its pipeline.
    /// (Read after the claim, the walk's last batch, new or re-opened items, could have been
    /// enqueued between the two, and the worker would end with them pending. The count is
    /// read before the ledger's, which only shrinks meanwhile, so another worker's claim is
    /// never missed.)
    private func isFinished(walkWasEnqueued: Bool) throws -> Bool {
        guard walkWasEnqueued else { return false }
        return try queue.claimedCount() <= ledger.count
    }

    /// Hands each claimed file to the pipeline, as it is on disk now; a file gone since it was
    /// found is finished as failed here. Claims not yet handed over when a stop comes are given back.
    private func hand(_ claims: [Claim], to output: BlockingQueue<PipelineItem<DiscoveredFile>>) throws {
        for (index, claim) in claims.enumerated() {
            if stopped() {
                try queue.release(Array(claims[index...]))
                return
            }
            guard let status = SourceFile.status(ofPath: claim.path) else {
                try finishGone(claim)
                continue
            }
            ledger.add(claim)
            output.push(.work(DiscoveredFile(path: claim.path, root: claim.root, status: status)))
        }
    }

    private func finishGone(_ claim: Claim) throws {
        do {
            try queue.complete(claim, outcome: .failed(reason: "the file is gone since it was found"))
        } catch WorkQueueError.claimLost {}
    }

    private func capture(_ body: () throws -> Void) {
        do { try body() } catch { failure.set(error) }
    }

    /// Gives back the claims the pipeline did not finish (a stop, or a run that failed).
    func releaseLeftovers() throws {
        let left = ledger.takeAll()
        if !left.isEmpty { try queue.release(left) }
    }
}
