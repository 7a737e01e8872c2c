import Testing
@testable import ShoeboxModel

/// The UTC offset a capture time gets from its place's time zone, by tzdata's rules.
@Suite struct CaptureOffsetTests {
    @Test(arguments: [
        ("2024-07-01T10:00:00", "Europe/Lisbon", 3600),        // summer time
        ("2024-01-15T10:00:00", "Europe/Lisbon", 0),           // winter
        ("2024-07-01T10:00:00", "America/New_York", -4 * 3600),
        ("2024-07-01T10:00:00", "Asia/Kolkata", 19_800),       // +05:30
        ("2024-07-01T10:00:00", "Asia/Kathmandu", 20_700),     // +05:45
        ("2011-12-29T12:00:00", "Pacific/Apia", -10 * 3600),   // Samoa, the day before it skipped a day
        ("2011-12-31T12:00:00", "Pacific/Apia", 14 * 3600),    // and after
        ("2024-10-27T01:30:00", "Europe/Lisbon", 3600),        // an hour that happens twice: the first
        ("2024-03-31T01:30:00", "Europe/Lisbon", 0),           // an hour that never happens: the offset before
        ("2024-07-01T10:00:00.500", "Europe/Paris", 7200),     // fractions of a second
    ] as [(String, String, Int)])
    func aWallClockTimeGetsItsZonesOffsetOnThatDate(takenAt: String, zone: String, offset: Int) {
        #expect(CaptureOffset.inZone(takenAt, zone: zone) == offset)
    }

    @Test func aFilesOwnOffsetIsNotReplaced() {
        #expect(CaptureOffset.inZone("2024-07-01T10:00:00+05:00", zone: "Europe/Lisbon") == nil)
        #expect(CaptureOffset.own("2024-07-01T10:00:00+05:00") == 18_000)
        #expect(CaptureOffset.own("2024-07-01T10:00:00Z") == 0)
        #expect(CaptureOffset.own("2024-07-01T10:00:00") == nil)
    }

    @Test func anUnknownZoneOrTimeGivesNothing() {
        #expect(CaptureOffset.inZone("2024-07-01T10:00:00", zone: "Mars/Olympus_Mons") == nil)
        #expect(CaptureOffset.inZone("yesterday", zone: "Europe/Lisbon") == nil)
    }
}
