import Foundation
import Testing
@testable import Shoebox

/// What waits between stages is held to a number of bytes (`ByteBudget`), with one item of
/// any size let through when nothing else is held, so that every wait ends.
@Suite struct ByteBudgetTests {
    /// An item larger than the whole budget is reserved when nothing else is held, and what
    /// it held is given back once, by `release` or when its reservation goes.
    @Test func anItemLargerThanTheBudgetGoesAloneAndGivesItsBytesBack() {
        let budget = ByteBudget(capacity: 8 << 20)
        var large: ByteBudget.Reservation? = budget.reserve(20 << 20)
        #expect(budget.heldBytes == 20 << 20)
        large?.release()
        large?.release()
        #expect(budget.heldBytes == 0)
        let small = budget.reserve(3 << 20)
        withExtendedLifetime(small) {
            large = budget.reserve(4 << 20)
            #expect(budget.heldBytes == 7 << 20)
            large = nil
            #expect(budget.heldBytes == 3 << 20)
        }
        #expect(budget.peakBytes == 20 << 20)
    }
}
