import Testing
@testable import Shoebox

/// When `shoebox watch` ingests: once changes pause for the quiet time, or at the latest the
/// longest wait after the first change, so a file written without end holds nothing back.
@Suite struct WatchSettlingTests {
    /// Changes at these moments (seconds) → the moment an ingest is due.
    @Test(arguments: [
        ([10.0], 12.0),                       // one change: the quiet time after it
        ([10.0, 11.5], 13.5),                 // a copy still writing moves the moment on
        ([10.0, 11.5, 11.0], 13.5),           // events read out of order keep the latest
        (stride(from: 10.0, through: 100.0, by: 1.0).map { $0 }, 70.0),   // never pausing: the longest wait after the first
    ])
    func anIngestIsDueWhenChangesPause(changes: [Double], due: Double) {
        var settling = WatchSettling(quiet: 2, longest: 60)
        changes.forEach { settling.changed(at: $0) }
        #expect(settling.due == due)
        #expect(!settling.isDue(at: due - 0.001))
        #expect(settling.isDue(at: due))
    }

    @Test func nothingIsDueWithoutChanges() {
        let settling = WatchSettling(quiet: 2, longest: 60)
        #expect(settling.due == nil)
        #expect(!settling.hasChanges)
        #expect(!settling.isDue(at: 1_000_000))
    }

    @Test func changesAfterAnIngestStartedWaitTheirOwnQuietTime() {
        var settling = WatchSettling(quiet: 2, longest: 60)
        settling.changed(at: 10)
        settling.ingestStarted()
        #expect(settling.due == nil)
        settling.changed(at: 80)
        #expect(settling.due == 82)
    }

    @Test func theLongestWaitIsNeverShorterThanTheQuietTime() {
        var settling = WatchSettling(quiet: 5, longest: 1)
        settling.changed(at: 0)
        #expect(settling.due == 5)
    }
}
