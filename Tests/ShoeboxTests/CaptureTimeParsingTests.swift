import Testing
@testable import ShoeboxModel

/// `CaptureTime.parse` reads a well-formed time without a calendar object
/// (`wholeSecondsFast`), and must read it exactly as Foundation's calendar does.
@Suite struct CaptureTimeParsingTests {
    @Test func theFastReadingAgreesWithTheCalendarOnEveryKindOfDay() {
        var random = SystemRandomNumberGenerator()
        var texts = ["1600-01-01T00:00:00", "1970-01-01T00:00:00", "2000-02-29T23:59:59", "2024-02-29T12:00:00",
                     "2100-03-01T00:00:00", "9999-12-31T23:59:59", "1969-12-31 23:59:59"]
        for _ in 0..<5_000 {
            let year = Int.random(in: 1600...9999, using: &random), month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...CaptureTime.daysIn(month: month, year: year), using: &random)
            texts.append(String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, Int.random(in: 0...23, using: &random),
                                Int.random(in: 0...59, using: &random), Int.random(in: 0...59, using: &random)))
        }
        for text in texts {
            #expect(CaptureTime.wholeSecondsFast(text) == CaptureTime.wholeSecondsByCalendar(text), "\(text)")
            #expect(CaptureTime.wholeSecondsFast(text) != nil, "\(text) is read fast")
        }
    }

    /// What the fast reading leaves goes to the calendar, lenient as before.
    @Test(arguments: ["2023-02-29T10:00:00", "2024:05:01 10:00:00", "1500-01-01T00:00:00", "2024-13-01T00:00:00",
                      "2024-05-01T10:00:60", "２０２４-05-01T10:00:00"])
    func anOddTimeIsReadAsTheCalendarReadsIt(text: String) {
        #expect(CaptureTime.wholeSecondsFast(text) == nil)
        #expect(CaptureTime.parse(text)?.wallClock == CaptureTime.wholeSecondsByCalendar(text))
    }

    @Test func fractionsAndOffsetsFollowTheSeconds() {
        let parsed = CaptureTime.parse("2024-05-01T10:00:00.250+02:00")
        #expect(parsed?.wallClock == 1_714_557_600.25 && parsed?.offset == 7200)
    }
}
