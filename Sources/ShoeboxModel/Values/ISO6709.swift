/// Parses the ISO 6709 location strings video containers carry (`+48.8584+002.2945+035.000/`).
public enum ISO6709 {
    /// Decimal-degree latitude and longitude with an optional altitude in metres; nil for
    /// anything else (degree-minute forms, out-of-range values, garbage).
    public static func location(_ text: String) -> GPSLocation? {
        var numbers: [Double] = []
        var current = ""
        for character in text.trimmingWhitespace() {
            if character == "+" || character == "-" || character == "/" {
                if !current.isEmpty {
                    guard let value = Double(current) else { return nil }
                    numbers.append(value)
                }
                current = character == "/" ? "" : String(character)
                if character == "/" { break }
            } else if character.isASCII && (character.isNumber || character == ".") && !current.isEmpty {
                current.append(character)
            } else {
                return nil
            }
        }
        if !current.isEmpty, let value = Double(current) { numbers.append(value) }
        guard numbers.count == 2 || numbers.count == 3 else { return nil }
        return GPSLocation.reading(latitude: numbers[0], longitude: numbers[1], altitude: numbers.count == 3 ? numbers[2] : nil)
    }
}
