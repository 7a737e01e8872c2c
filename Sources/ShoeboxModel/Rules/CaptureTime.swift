import Foundation

/// Compares capture times written in ISO 8601, with or without a UTC offset.
public enum CaptureTime {
    /// Seconds between two capture times. When both carry an offset, the true gap. When only
    /// one does (EXIF local time against a video's UTC time), the zone is unknown, so the gap
    /// is measured up to a whole number of hours (any zone from -14 to +14). nil if unparseable.
    public static func gapSeconds(_ a: String, _ b: String) -> Double? {
        guard let first = parse(a), let second = parse(b) else { return nil }
        switch (first.offset, second.offset) {
        case let (x?, y?):
            return abs((first.wallClock - Double(x)) - (second.wallClock - Double(y)))
        case (nil, nil):
            return abs(first.wallClock - second.wallClock)
        default:
            let naive = first.wallClock - second.wallClock
            return (-14...14).map { abs(naive - Double($0 * 3600)) }.min()
        }
    }

    /// Wall-clock seconds (as if UTC) and the offset in seconds, if any.
    static func parse(_ text: String) -> (wallClock: Double, offset: Int?)? {
        guard text.count >= 19 else { return nil }
        var formatter = DateComponents()
        let digits = Array(text.prefix(19))
        func number(_ range: Range<Int>) -> Int? { Int(String(digits[range])) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        (formatter.year, formatter.month, formatter.day) = (year, month, day)
        (formatter.hour, formatter.minute, formatter.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: formatter) else { return nil }
        var rest = Substring(text.dropFirst(19))
        var fraction = 0.0
        if rest.first == "." {
            let digits = rest.dropFirst().prefix { $0.isNumber }
            fraction = Double("0." + digits) ?? 0
            rest = rest.dropFirst(1 + digits.count)
        }
        let wallClock = date.timeIntervalSince1970 + fraction
        if rest.isEmpty { return (wallClock, nil) }
        if rest == "Z" { return (wallClock, 0) }
        let zone = Array(rest)
        guard zone.count == 6, zone[0] == "+" || zone[0] == "-", let h = Int(String(zone[1...2])), let m = Int(String(zone[4...5])) else {
            return (wallClock, nil)
        }
        return (wallClock, (zone[0] == "-" ? -1 : 1) * (h * 3600 + m * 60))
    }
}
