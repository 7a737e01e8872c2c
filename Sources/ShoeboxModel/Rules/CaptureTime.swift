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
        guard let seconds = wholeSecondsFast(text) ?? wholeSecondsByCalendar(text) else { return nil }
        var rest = Substring(text.dropFirst(19))
        var fraction = 0.0
        if rest.first == "." {
            let digits = rest.dropFirst().prefix { $0.isNumber }
            fraction = Double("0." + digits) ?? 0
            rest = rest.dropFirst(1 + digits.count)
        }
        let wallClock = seconds + fraction
        if rest.isEmpty { return (wallClock, nil) }
        if rest == "Z" { return (wallClock, 0) }
        let zone = Array(rest)
        guard zone.count == 6, zone[0] == "+" || zone[0] == "-", let h = Int(String(zone[1...2])), let m = Int(String(zone[4...5])) else {
            return (wallClock, nil)
        }
        return (wallClock, (zone[0] == "-" ? -1 : 1) * (h * 3600 + m * 60))
    }

    /// The seconds of `YYYY-MM-DDTHH:MM:SS` (a space for the T too) as if UTC, counted without
    /// a calendar object: a real date and time of the years 1600 to 9999 in ASCII digits, which
    /// is what catalogued times are; anything else is left to `wholeSecondsByCalendar` (nil).
    /// Moments parse a million capture times: Foundation's calendar took half their time.
    static func wholeSecondsFast(_ text: String) -> Double? {
        var utf8 = text.utf8.makeIterator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(19)
        while bytes.count < 19, let byte = utf8.next() { bytes.append(byte) }
        guard bytes.count == 19, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x20,
              bytes[13] == 0x3A, bytes[16] == 0x3A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), (1600...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// Days from 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Foundation's reading of the first 19 characters, lenient as it is (a month 13 is next
    /// January): for what `wholeSecondsFast` leaves.
    static func wholeSecondsByCalendar(_ text: String) -> Double? {
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
        return calendar.date(from: formatter)?.timeIntervalSince1970
    }
}
