/// Pure conversions of EXIF's date, time-zone and degree encodings.
public enum ExifDate {
    /// `2024:05:01 10:00:00` (or with `-` in the date) as `2024-05-01T10:00:00`; nil for the
    /// all-zero or blank dates cameras write when their clock was never set.
    public static func isoLocalTime(_ raw: String) -> String? {
        let digits = raw.unicodeScalars.filter { ("0"..."9").contains($0) }.map { Int($0.value) - 48 }
        guard digits.count >= 14 else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
        let (hour, minute, second) = (number(8..<10), number(10..<12), number(12..<14))
        guard year > 0, (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// `250` as `.250`; nil unless the value is all digits.
    public static func fraction(_ raw: String) -> String? {
        let digits = raw.trimmingWhitespace()
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return "." + digits
    }

    /// `+02:00`, `-05:30` or `Z`; nil for anything else.
    public static func offset(_ raw: String) -> String? {
        let text = raw.trimmingWhitespace()
        if text == "Z" { return "Z" }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 6, scalars[0] == "+" || scalars[0] == "-", scalars[3] == ":",
              [1, 2, 4, 5].allSatisfy({ ("0"..."9").contains(scalars[$0]) }) else { return nil }
        return text
    }

    /// GPSDateStamp (`2002:07:13`) and GPSTimeStamp (hours, minutes, seconds) as the UTC time
    /// `2002-07-13T15:58:28Z` (whole seconds); nil when either is missing, blank or out of range.
    public static func gpsDateTime(date raw: String, time: [Double]) -> String? {
        let digits = raw.unicodeScalars.filter { ("0"..."9").contains($0) }.map { Int($0.value) - 48 }
        guard digits.count == 8, time.count == 3, time.allSatisfy({ $0.isFinite && $0 >= 0 }),
              time[0] < 24, time[1] < 60, time[2] < 61 else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
        let (hour, minute, second) = (Int(time[0]), Int(time[1]), Int(time[2]))
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
    }

    /// Degrees, minutes and seconds (any missing part zero) as decimal degrees.
    public static func degrees(_ parts: [Double]) -> Double? {
        guard let degrees = parts.first, parts.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let minutes = parts.count > 1 ? parts[1] : 0
        let seconds = parts.count > 2 ? parts[2] : 0
        return degrees + minutes / 60 + seconds / 3600
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
