import Testing
@testable import Shoebox

/// `--since` and `--until` as bounds on the capture-date sort key: the rule every backend
/// filters by, decided in Swift.
@Suite struct CaptureDateBoundsTests {
    @Test(arguments: [
        (nil, nil, CaptureDateBounds(since: nil, until: nil)),
        ("2024-05-01", nil, CaptureDateBounds(since: "2024-05-01", until: nil)),
    ] as [(String?, String?, CaptureDateBounds)])
    func boundsAreTheOptionsDates(since: String?, until: String?, expected: CaptureDateBounds) {
        #expect(CaptureDateBounds(AssetFetchOptions(takenSince: since, takenUntil: until)) == expected)
    }

    @Test(arguments: [
        ("2024-05-31", "2024-05-31~"),
        ("2024-05-31T10:00", "2024-05-31T10:00~"),
        ("2024-05-31T10:00:59", "2024-05-31T10:00:59~"),
    ])
    func theUpperBoundFollowsEveryTimeOfThePrefix(until: String, upper: String) {
        #expect(CaptureDateBounds(since: nil, until: until).upperExclusive == upper)
        #expect(CaptureDateBounds(since: "2024-05-01", until: nil).lower == "2024-05-01")
    }

    @Test(arguments: [
        // since, until, sort key, inside
        ("2024-05-01", "2024-05-31", "2024-05-01", true),
        ("2024-05-01", "2024-05-31", "2024-04-30T23:59:59", false),
        ("2024-05-01", "2024-05-31", "2024-05-31T23:59:59.999+02:00", true),
        ("2024-05-01", "2024-05-31", "2024-06-01", false),
        ("2024-05-01T10:00", "2024-05-01T10:00", "2024-05-01T10:00:30", true),
        ("2024-05-01T10:00", "2024-05-01T10:00", "2024-05-01T10:01", false),
        ("2024-05-01T10:00", "2024-05-01T10:00", "2024-05-01T09:59:59", false),
    ] as [(String?, String?, String, Bool)])
    func aKeyIsInsideTheWholeDayOrMinuteItNames(since: String?, until: String?, key: String, inside: Bool) {
        #expect(CaptureDateBounds(since: since, until: until).contains(key) == inside)
    }
}
