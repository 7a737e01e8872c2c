import Testing
@testable import Shoebox

/// `list --since` and `--until` take only dates the calendar has (`CalendarDate`), by table.
@Suite struct CalendarDateTests {
    @Test func realDatesAndTimesAreTaken() throws {
        for text in ["2024-01-01", "2024-02-29", "2000-02-29", "2023-02-28", "2024-04-30", "2024-12-31",
                     "2024-06-15T00:00", "2024-06-15T23:59", "2024-06-15T23:59:59", "1999-12-31T12:00:00"] {
            #expect(try CalendarDate(text).text == text)
        }
    }

    @Test func impossibleDatesAreRefusedSayingWhy() {
        let cases: [(text: String, problem: CalendarDate.Problem, reason: String)] = [
            ("2024-13-45", .month(13), "months run from 1 to 12, not 13"),
            ("2024-00-10", .month(0), "months run from 1 to 12, not 0"),
            ("2024-02-30", .day(30, month: 2, year: 2024), "the days of February 2024 run from 1 to 29, not 30"),
            ("2023-02-29", .day(29, month: 2, year: 2023), "the days of February 2023 run from 1 to 28, not 29"),
            ("1900-02-29", .day(29, month: 2, year: 1900), "the days of February 1900 run from 1 to 28, not 29"),
            ("2024-04-31", .day(31, month: 4, year: 2024), "the days of April 2024 run from 1 to 30, not 31"),
            ("2024-01-00", .day(0, month: 1, year: 2024), "the days of January 2024 run from 1 to 31, not 0"),
            ("2024-01-01T25:61", .hour(25), "hours run from 0 to 23, not 25"),
            ("2024-01-01T24:00", .hour(24), "hours run from 0 to 23, not 24"),
            ("2024-01-01T23:60", .minute(60), "minutes run from 0 to 59, not 60"),
            ("2024-01-01T23:59:60", .second(60), "seconds run from 0 to 59, not 60"),
            ("2024-1-1", .shape, "not YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]"),
            ("2024-01-01 10:00", .shape, "not YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]"),
            ("2024-01-01T10", .shape, "not YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]"),
        ]
        for (text, problem, reason) in cases {
            #expect(throws: problem, "\(text)") { try CalendarDate(text) }
            #expect(problem.description == reason)
        }
    }
}
