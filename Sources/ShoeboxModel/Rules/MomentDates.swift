import Foundation

/// A moment's days as a person says them, from its first and last capture times as written
/// (their wall clocks): "Saturday 3 May 2025", "3–5 May 2025", "30 April – 2 May 2025",
/// "30 December 2024 – 2 January 2025".
public enum MomentDates {
    public static func text(start: String, end: String) -> String {
        guard let first = WallClockText.wallClock(of: start), let last = WallClockText.wallClock(of: end) else { return "\(start.prefix(10)) – \(end.prefix(10))" }
        let (a, b) = (parts(first), parts(last))
        if a == b { return format(first, "EEEE d MMMM yyyy") }
        if (a.year, a.month) == (b.year, b.month) { return "\(a.day)–\(format(last, "d MMMM yyyy"))" }
        if a.year == b.year { return "\(format(first, "d MMMM")) – \(format(last, "d MMMM yyyy"))" }
        return "\(format(first, "d MMMM yyyy")) – \(format(last, "d MMMM yyyy"))"
    }

    private static func parts(_ date: Date) -> (year: Int, month: Int, day: Int) {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return (c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    private static func format(_ date: Date, _ pattern: String) -> String {
        WallClockText.format(date, pattern)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
