import Testing
@testable import ShoeboxModel

/// What the gallery's photo view says of a photo (`PhotoFacts`).
@Suite struct PhotoFactsTests {
    @Test(arguments: [
        ("2024-05-06T10:00:00", 7200, "Monday 6 May 2024, 10:00 UTC+02:00"),
        ("2024-09-13T14:05:30-04:00", 3600, "Friday 13 September 2024, 14:05 UTC-04:00"),   // its own offset wins
        ("2024-01-01T00:00:00", nil, "Monday 1 January 2024, 00:00"),
        ("2024-12-25T08:15:00", 20700, "Wednesday 25 December 2024, 08:15 UTC+05:45"),
        ("sometime", nil, "sometime"),
    ] as [(String, Int?, String)])
    func whenIsSaidInWordsWithItsZone(takenAt: String, offset: Int?, expected: String) {
        #expect(PhotoFacts.when(takenAt, offset: offset) == expected)
    }

    @Test func exposureSaysWhatTheFileSays() {
        var m = PhotoMetadata()
        (m.exposureTime, m.fNumber, m.iso, m.focalLength) = (0.004, 2.8, 100, 26)
        #expect(PhotoFacts.exposure(m) == "1/250 s, f/2.8, ISO 100, 26 mm")
        (m.exposureTime, m.fNumber, m.iso, m.focalLength) = (2.5, 4.0, nil, .nan)
        #expect(PhotoFacts.exposure(m) == "2.5 s, f/4")
        #expect(PhotoFacts.exposure(PhotoMetadata()) == nil)
    }

    @Test(arguments: [(3, "★★★☆☆"), (5, "★★★★★"), (0, nil), (-1, nil), (6, nil)] as [(Int, String?)])
    func aRatingIsStars(rating: Int, expected: String?) {
        #expect(PhotoFacts.stars(rating) == expected)
    }
}
