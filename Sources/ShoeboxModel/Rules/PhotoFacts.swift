import Foundation

/// What the gallery's photo view says of a photo, in words: when (with its zone), how
/// (exposure), and how the person rated it.
public enum PhotoFacts {
    /// "Monday 6 May 2024, 10:00 UTC+02:00" for a capture time as written and the offset
    /// it has (its own, else `offset`); without an offset, the time alone. The text itself
    /// when it does not parse.
    public static func when(_ takenAt: String, offset: Int?) -> String {
        guard let parsed = CaptureTime.parse(takenAt) else { return takenAt }
        let text = WallClockText.format(Date(timeIntervalSince1970: parsed.wallClock), "EEEE d MMMM yyyy, HH:mm")
        return (parsed.offset ?? offset).map { text + " " + zone($0) } ?? text
    }

    /// `UTC+02:00`, `UTC-04:00`, `UTC+05:45`.
    static func zone(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return "UTC" + (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// "1/250 s, f/2.8, ISO 100, 26 mm": what of the four the file says; nil for none.
    public static func exposure(_ m: PhotoMetadata) -> String? {
        var parts: [String] = []
        if let time = m.exposureTime, time.isFinite, time > 0 {
            parts.append(time < 1 ? "1/\(Int((1 / time).rounded())) s" : "\(decimal(time)) s")
        }
        if let f = m.fNumber, f.isFinite, f > 0 { parts.append("f/\(decimal(f))") }
        if let iso = m.iso, iso > 0 { parts.append("ISO \(iso)") }
        if let focal = m.focalLength, focal.isFinite, focal > 0 { parts.append("\(decimal(focal)) mm") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// "★★★☆☆" for 3 of 5; nil for no rating or one outside 1...5 (a rejected photo's -1 too).
    public static func stars(_ rating: Int?) -> String? {
        guard let rating, (1...5).contains(rating) else { return nil }
        return String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating)
    }

    /// 2.8 as `2.8`, 4.0 as `4`.
    static func decimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
