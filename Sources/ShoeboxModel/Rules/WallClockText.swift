import Foundation

/// A capture time's wall clock (as written, its offset aside) in words, in British English:
/// what moment titles, moments' days and the photo view say. One place that reads a time
/// as a day and one formatter setup, so that the three say a day alike.
public enum WallClockText {
    /// The wall clock of a capture time as written, or of its date alone (`2004-02-26`); nil
    /// when neither parses.
    public static func wallClock(of takenAt: String) -> Date? {
        (CaptureTime.parse(takenAt) ?? CaptureTime.parse(String(takenAt.prefix(10)) + "T00:00:00"))
            .map { Date(timeIntervalSince1970: $0.wallClock) }
    }

    /// `date` (a wall clock held as UTC) by a `DateFormatter` pattern: "EEEE d MMMM yyyy" is
    /// "Saturday 3 May 2025".
    public static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
