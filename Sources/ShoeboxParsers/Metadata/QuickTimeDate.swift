/// Normalises the capture times video containers carry to ISO 8601.
public enum QuickTimeDate {
    /// `2023-05-01T10:00:00+0200` (Apple's creationdate) or `2023-05-01T08:00:00.000000Z`
    /// (creation_time) as `2023-05-01T10:00:00+02:00` / `2023-05-01T08:00:00Z`; fractions of a
    /// second are dropped, a missing zone stays missing. nil for anything unparseable.
    public static func iso(_ raw: String) -> String? {
        let text = raw.trimmingWhitespace()
        guard text.count >= 19, let local = ExifDate.isoLocalTime(String(text.prefix(19))) else { return nil }
        var rest = Substring(text.dropFirst(19))
        if rest.first == "." { rest = rest.drop { $0 == "." || $0.isNumber } }
        if rest.isEmpty { return local }
        if rest == "Z" { return local + "Z" }
        let zone = rest.filter { $0 != ":" }
        guard zone.count == 5, zone.first == "+" || zone.first == "-", zone.dropFirst().allSatisfy(\.isNumber) else { return local }
        return local + zone.prefix(3) + ":" + zone.suffix(2)
    }
}
