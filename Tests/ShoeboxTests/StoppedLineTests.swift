import Testing
@testable import ShoeboxCLI

/// The last line of an ingest the person stopped: how far it got, and how to go on.
@Suite struct StoppedLineTests {
    @Test(arguments: [
        (37, 183 as Int?, "stopped: 37 of 183 files done; run the same command again to go on"),
        (0, 1, "stopped: 0 of 1 file done; run the same command again to go on"),
        (185, 183, "stopped: 183 of 183 files done; run the same command again to go on"),   // skipped links beyond the count
        (12, nil, "stopped: 12 files done; run the same command again to go on"),             // before the count finished
        (1, nil, "stopped: 1 file done; run the same command again to go on"),
    ])
    func theLineSaysHowFarItGot(done: Int, counted: Int?, line: String) {
        #expect(StoppedLine.text(done: done, counted: counted) == line)
    }
}
