import Dispatch
import Foundation

/// Renews one worker's leases while its files are in the pipeline: every third of the lease,
/// one `renew` of every claim the ledger holds. A claim the queue leaves out (someone else
/// took it after its lease ran out) stays in the ledger: its completion is refused
/// (`claimLost`), and the catalog stage moves on.
final class LeaseKeeper: @unchecked Sendable {
    private let queue: any WorkQueue
    private let ledger: ClaimLedger
    private let settings: QueueSettings
    private let done = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()

    init(queue: any WorkQueue, ledger: ClaimLedger, settings: QueueSettings) {
        self.queue = queue
        self.ledger = ledger
        self.settings = settings
    }

    func start() {
        DispatchQueue(label: "shoebox.lease").async(group: finished) {
            while self.done.wait(timeout: .now() + self.settings.renewSeconds) == .timedOut {
                let held = self.ledger.held
                // A renewal that fails (the server is away) is tried again at the next third:
                // the lease is three renewals long.
                if !held.isEmpty { _ = try? self.queue.renew(held, lease: self.settings.lease) }
            }
        }
    }

    /// Stops renewing, once the thread has finished its current renewal.
    func stop() {
        done.signal()
        finished.wait()
    }
}
