import Foundation

/// Holds what waits between pipeline stages to a number of bytes, not only of items.
///
/// The queues between stages count items (`queueCapacity`), and an item's size can run from
/// a few kilobytes to tens of megabytes: what waits in them is part of the ingest's peak
/// memory, and counted in items the peak follows the run's worst backlog. Two budgets use
/// this: the whole files read ahead of the decode workers (`IngestPipeline.readAheadBytes`)
/// and the decoded pictures on their way to the thumbnail workers
/// (`IngestPipeline.decodedPictureBytes`).
///
/// A stage reserves an item's bytes before it makes (or hands on) the item, waiting while
/// what is held already leaves too little room for it; the reservation ends when the stage
/// that is done with the item releases it (`Reservation.release`), or when the item is
/// dropped before that (settled or failed on the way), whichever comes first. An item always
/// fits when nothing else is held, so an item larger than the budget goes through alone and
/// every wait ends, as long as what holds a reservation never waits for what is waiting here.
///
/// Thread-safe; one budget a pipeline run, shared by the workers that reserve from it.
final class ByteBudget: @unchecked Sendable {
    /// One item's bytes, held until `release`. Ends once: by `release`, or when the last
    /// reference to it goes.
    final class Reservation: @unchecked Sendable {
        private let budget: ByteBudget
        private let bytes: Int
        private let lock = NSLock()
        private var held = true

        fileprivate init(budget: ByteBudget, bytes: Int) {
            self.budget = budget
            self.bytes = bytes
        }

        deinit { release() }

        /// Gives the bytes back to the budget (the item is taken or dropped); a second call
        /// does nothing.
        func release() {
            let wasHeld = lock.withLock {
                defer { held = false }
                return held
            }
            if wasHeld { budget.give(bytes) }
        }
    }

    /// How many bytes may be held at once (one item larger than that is held alone).
    let capacity: Int
    private let condition = NSCondition()
    private var held = 0
    private var peak = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The bytes held now.
    var heldBytes: Int { condition.withLock { held } }

    /// The most bytes held at once so far (for tests and measurements).
    var peakBytes: Int { condition.withLock { peak } }

    /// Reserves `bytes` for an item, waiting until they fit beside what is held (or nothing
    /// is held).
    func reserve(_ bytes: Int) -> Reservation {
        let wanted = max(bytes, 0)
        condition.lock()
        while held > 0 && held + wanted > capacity {
            condition.wait()
        }
        held += wanted
        peak = max(peak, held)
        condition.unlock()
        return Reservation(budget: self, bytes: wanted)
    }

    private func give(_ bytes: Int) {
        condition.lock()
        held -= bytes
        condition.broadcast()
        condition.unlock()
    }
}
