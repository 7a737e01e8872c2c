import Foundation
import Testing
@testable import Shoebox

/// The decode workers' estimates share one budget: a reservation that does not fit beside
/// the ones held waits until they are released; one that fits, or comes when nothing is held,
/// does not. A decode the budget leaves no room to double may use a second core.
@Suite struct DecodeMemoryGateTests {
    @Test func reservationsThatFitTogetherDoNotWait() {
        let gate = DecodeMemoryGate()
        let first = gate.reserve(60, capacity: 100)
        let second = gate.reserve(40, capacity: 100)
        #expect(gate.waiting == 0)
        first.release()
        second.release()
    }

    @Test func aReservationOverTheCapacityIsClampedAndTakenWhenNothingIsHeld() {
        let gate = DecodeMemoryGate()
        let whole = gate.reserve(500, capacity: 100)   // alone: it never waits
        whole.release()
        #expect(gate.waiting == 0)
    }

    @Test func aReservationThatDoesNotFitWaitsUntilTheOthersAreReleased() throws {
        let gate = DecodeMemoryGate()
        let held = gate.reserve(70, capacity: 100)
        let done = DispatchSemaphore(value: 0)
        let finished = AtomicFlag()
        Thread.detachNewThread {
            let second = gate.reserve(50, capacity: 100)
            finished.set()
            second.release()
            done.signal()
        }
        // Until the second reservation is seen waiting (a deadline, not a sleep, bounds the look).
        let deadline = Date().addingTimeInterval(10)
        while gate.waiting == 0 && Date() < deadline {}
        try #require(gate.waiting == 1, "the second reservation never waited")
        #expect(!finished.isSet)

        held.release()
        done.wait()
        #expect(finished.isSet)
        #expect(gate.waiting == 0)
    }
}

extension DecodeMemoryGateTests {
    @Test func aDecodeTheBudgetCannotDoubleMayUseASecondCore() {
        let gate = DecodeMemoryGate(workers: 2)
        let large = gate.reserve(60, capacity: 100)   // 60 more would not fit
        #expect(large.decodeThreads == 2)
        large.release()
        let small = gate.reserve(40, capacity: 100)   // another 40 would
        #expect(small.decodeThreads == 1)
        let beside = gate.reserve(40, capacity: 100)   // 80 held: a third 40 would not
        #expect(beside.decodeThreads == 2)
        small.release()
        beside.release()
    }

    @Test func aDecodeStageOfOneWorkerDecodesWithOneThread() {
        let gate = DecodeMemoryGate(workers: 1)
        let whole = gate.reserve(100, capacity: 100)
        #expect(whole.decodeThreads == 1)
        whole.release()
    }
}

/// A flag one thread sets and another reads.
private final class AtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
