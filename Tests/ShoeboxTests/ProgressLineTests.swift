import Testing
@testable import ShoeboxCLI

/// The terminal's progress line, drawn from numbers: a spinner while the total is unknown,
/// then a bar with the percentage, rates, time left, failures and the file being decoded.
@Suite struct ProgressLineTests {
    @Test func whileTheWalkGoesOnASpinnerAndTheCounts() {
        let line = ProgressLine(done: 12, found: 40, walkFinished: false, failed: 0, seconds: 2,
                                bytesDecoded: 8_000_000, decoding: nil, tick: 1)
        #expect(line.text(width: 120) == "\\  12 done / 40 found  6.0 files/s  4.0 MB/s")
    }

    /// The count ahead of the walk gives the total while the walk, paced by the decoders, has
    /// found only a few files: the bar and the time left come at once.
    @Test func theCountAheadOfTheWalkGivesTheTotalBeforeTheWalkEnds() {
        let line = ProgressLine(done: 10, found: 70, walkFinished: false, counted: 100_000, failed: 0, seconds: 2,
                                bytesDecoded: 0, decoding: nil)
        #expect(line.text(width: 120) == "[....................]    0%  10/100000 files  5.0 files/s  0.0 MB/s  ETA 5:33:18")
        #expect(line.plain == "progress: 0% (10/100000 files), 5.0 files/s, 0.0 MB/s, ETA 5:33:18, 0 failed")
        let grown = ProgressLine(done: 10, found: 120, walkFinished: false, counted: 100, failed: 0, seconds: 2,
                                 bytesDecoded: 0, decoding: nil)
        #expect(grown.total == 120, "files that arrived after the count are counted by the walk")
    }

    @Test func onceTheWalkHasFinishedABarThePercentageAndTheTimeLeft() {
        let line = ProgressLine(done: 50, found: 200, walkFinished: true, failed: 3, seconds: 10,
                                bytesDecoded: 150_000_000, decoding: "/photos/2024/IMG_0042.HEIC")
        #expect(line.text(width: 120)
                == "[#####...............]   25%  50/200 files  5.0 files/s  15.0 MB/s  ETA 0:30  3 failed  IMG_0042.HEIC")
    }

    @Test func theFileNameIsCutToTheTerminalKeepingItsEnd() {
        let line = ProgressLine(done: 50, found: 200, walkFinished: true, failed: 0, seconds: 10,
                                bytesDecoded: 0, decoding: "/photos/a-very-long-name-of-a-file.jpg")
        let text = line.text(width: 84)
        #expect(text == "[#####...............]   25%  50/200 files  5.0 files/s  0.0 MB/s  ETA 0:30  …e.jpg")
        #expect(text.count == 83)
    }

    @Test func aNarrowTerminalGetsTheLineCutNeverWrapped() {
        let line = ProgressLine(done: 1, found: 2, walkFinished: true, failed: 0, seconds: 1, bytesDecoded: 0, decoding: "x.jpg")
        #expect(line.text(width: 30) == "[##########..........]   50%")
    }

    @Test func everythingDoneIsAFullBarWithoutATimeLeft() {
        let line = ProgressLine(done: 29, found: 29, walkFinished: true, failed: 2, seconds: 0.5, bytesDecoded: 0, decoding: nil)
        #expect(line.text(width: 120) == "[####################]  100%  29/29 files  58.0 files/s  0.0 MB/s  2 failed")
    }

    @Test func moreOutcomesThanFilesFoundNeverPassesAHundredPercent() {
        let line = ProgressLine(done: 31, found: 29, walkFinished: true, failed: 0, seconds: 1, bytesDecoded: 0, decoding: nil)
        #expect(line.text(width: 120).hasPrefix("[####################]  100%  29/29 files"))
    }

    @Test func hoursShowInTheTimeLeft() {
        #expect(ProgressLine.clock(3_725) == "1:02:05")
        #expect(ProgressLine.clock(59.2) == "1:00")
    }

    @Test func theLogLineSaysTheSameWithoutDrawing() {
        let line = ProgressLine(done: 50, found: 200, walkFinished: true, failed: 3, seconds: 10,
                                bytesDecoded: 150_000_000, decoding: "/photos/IMG_0042.HEIC")
        #expect(line.plain == "progress: 25% (50/200 files), 5.0 files/s, 15.0 MB/s, ETA 0:30, 3 failed")
    }
}
