import Foundation

/// Holds the whole files the read stage has read ahead of the decode workers to a number of
/// bytes, not only of files.
///
/// The queues between the read stage and the decode stage count files (`fileQueueCapacity`),
/// and with the files in the read and match stages' hands up to six can wait for two decode
/// workers: the 9 MB panoramas read ahead behind two HEIC decodes were the bench corpus's
/// peak memory (docs/BENCHMARKS.md, issue 14). Reading and hashing a file takes milliseconds
/// and decoding it tens or hundreds, so a file or two waiting keeps every worker fed; what
/// waits beyond that only adds to the peak.
///
/// The read stage reserves a still's size before reading it, waiting while the files
/// waiting already hold too much for it to fit beside them; the reservation ends when a decode
/// worker takes the file (`Reservation.release`), or when the file is dropped before that
/// (settled on the way, failed), whichever comes first. A file always fits when nothing else
/// waits, so a file larger than the budget goes through alone and every wait ends: what waits
/// takes nothing from the reader to be decoded.
///
/// Thread-safe; one budget a pipeline run, shared by the read stage's workers.
final class ReadAheadBudget: @unchecked Sendable {
    /// One file's bytes, held from before its read until a decode worker takes it. Ends once:
    /// by `release`, or when the last reference to it goes.
    final class Reservation: @unchecked Sendable {
        private let budget: ReadAheadBudget
        private let bytes: Int
        private let lock = NSLock()
        private var held = true

        fileprivate init(budget: ReadAheadBudget, bytes: Int) {
            self.budget = budget
            self.bytes = bytes
        }

        deinit { release() }

        /// Gives the bytes back to the budget (the file is being decoded, or is dropped); a
        /// second call does nothing.
        func release() {
            let wasHeld = lock.withLock {
                defer { held = false }
                return held
            }
            if wasHeld { budget.give(bytes) }
        }
    }

    /// How many bytes of files may wait at once (one file larger than that waits alone).
    let capacity: Int
    private let condition = NSCondition()
    private var waiting = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The bytes of the files waiting now.
    var waitingBytes: Int { condition.withLock { waiting } }

    /// Reserves `bytes` for a file about to be read, waiting until they fit beside the files
    /// waiting (or nothing waits).
    func reserve(_ bytes: Int) -> Reservation {
        let wanted = max(bytes, 0)
        condition.lock()
        while waiting > 0 && waiting + wanted > capacity {
            condition.wait()
        }
        waiting += wanted
        condition.unlock()
        return Reservation(budget: self, bytes: wanted)
    }

    private func give(_ bytes: Int) {
        condition.lock()
        waiting -= bytes
        condition.broadcast()
        condition.unlock()
    }
}
