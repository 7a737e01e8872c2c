/// XMP's GPS coordinate text (the EXIF schema's `GPSCoordinate`): degrees, then minutes with
/// a fraction or minutes and seconds, then the hemisphere: `51,30.5N`, `51,30,30N`, `0,7.5W`.
public enum XMPCoordinate {
    /// Signed decimal degrees (south and west negative), or nil for text of another form, a
    /// hemisphere that is not `allowed` (`NS` for a latitude, `EW` for a longitude), or a
    /// value beyond `limit` degrees or with minutes or seconds of 60 or more.
    public static func degrees(_ text: String, allowed: String, limit: Double) -> Double? {
        let trimmed = text.trimmingWhitespace().uppercased()
        guard let hemisphere = trimmed.last, allowed.contains(hemisphere) else { return nil }
        let parts = trimmed.dropLast().split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0) }.filter { $0 >= 0 && $0.isFinite }
        guard (2...3).contains(parts.count), numbers.count == parts.count,
              numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let value = numbers[0] + numbers[1] / 60 + (numbers.count == 3 ? numbers[2] / 3600 : 0)
        guard value <= limit else { return nil }
        return hemisphere == "S" || hemisphere == "W" ? -value : value
    }

    /// An EXIF rational as XMP writes it (`1234/10`), or a plain decimal; nil for a zero
    /// denominator or anything else.
    public static func rational(_ text: String) -> Double? {
        let parts = text.trimmingWhitespace().split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return Double(parts[0]).flatMap { $0.isFinite ? $0 : nil }
        case 2:
            guard let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 else { return nil }
            return numerator / denominator
        default: return nil
        }
    }
}
