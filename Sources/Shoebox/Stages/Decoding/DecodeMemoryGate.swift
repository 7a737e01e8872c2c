import Foundation

/// Keeps the decodes one process runs at once within one decode-memory budget: each decode
/// estimated to hold more than a few rows (`DecodeMemory`) reserves its figure first and
/// waits while the decodes in flight hold too much for it to fit beside them. Each file is
/// already within the budget alone (else it is `tooLarge`), and a reservation always fits
/// when nothing else is held, so every wait ends. With it, `--jobs N` peaks near one budget
/// of decoding (plus the streamed decodes, which hold a few rows), not N of them.
///
/// A decode the budget leaves no room to double may use a second core (`Reservation.decodeThreads`):
/// while it runs, another worker's decode like it would wait, and that worker's core would idle.
///
/// Thread-safe; shared by every worker of one decode stage. The time a file waits is not
/// counted against its time budget (`CrashGuard.restartBudget`).
final class DecodeMemoryGate: @unchecked Sendable {
    /// What one reservation holds, until `release`.
    struct Reservation {
        fileprivate let gate: DecodeMemoryGate
        fileprivate let bytes: Int
        /// The threads the decode may use: 2 when the stage has more than one worker and no
        /// second decode of this size would fit beside what is held with it; else 1.
        let decodeThreads: Int

        func release() { gate.release(bytes) }
    }

    /// The decode stage's workers.
    let workers: Int

    private let condition = NSCondition()
    private var held = 0
    private var waiters = 0

    init(workers: Int = 1) {
        self.workers = workers
    }

    /// How many reservations are waiting for room now (for tests and progress displays).
    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiters
    }

    /// Reserves `bytes` (clamped to `capacity`) of `capacity`, waiting until they fit beside
    /// what is held.
    func reserve(_ bytes: Int, capacity: Int) -> Reservation {
        let wanted = min(max(bytes, 0), capacity)
        condition.lock()
        var waited = false
        while held > 0 && held + wanted > capacity {
            waited = true
            waiters += 1
            condition.wait()
            waiters -= 1
        }
        held += wanted
        let roomForAnother = held + wanted <= capacity
        condition.unlock()
        if waited { CrashGuard.restartBudget() }
        return Reservation(gate: self, bytes: wanted, decodeThreads: workers > 1 && !roomForAnother ? 2 : 1)
    }

    private func release(_ bytes: Int) {
        condition.lock()
        held -= bytes
        condition.broadcast()
        condition.unlock()
    }
}
