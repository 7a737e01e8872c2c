/// Normalises the dates XMP properties hold to the ISO 8601 text of `PhotoMetadata.takenAt`.
public enum XMPDate {
    /// `2011-02-03T04:05:06.311+01:00` as it is; `2011-02-03T04:05+01:00` with `:00` seconds;
    /// `2011-02-03` (a day, no time) as it is; EXIF's `2011:02:03 04:05:06` (which some writers
    /// put in XMP) as `2011-02-03T04:05:06`; an offset `+0100` as `+01:00`. nil for anything
    /// else, a year or a month alone included: too vague to date a photo by.
    public static func iso(_ raw: String) -> String? {
        let text = Array(raw.trimmingWhitespace().unicodeScalars)
        guard text.count >= 10, digits(text, [0, 1, 2, 3, 5, 6, 8, 9]),
              text[4] == text[7], text[4] == "-" || text[4] == ":" else { return nil }
        let day = String(String.UnicodeScalarView(text[0..<10])).replacingColons()
        if text.count == 10 { return day }
        guard text.count >= 16, text[10] == "T" || text[10] == " ", digits(text, [11, 12, 14, 15]), text[13] == ":" else {
            return nil
        }
        var time = String(String.UnicodeScalarView(text[11..<16]))
        var rest = text[16...]
        if rest.count >= 3, rest.first == ":", digits(Array(rest), [1, 2]) {
            time += String(String.UnicodeScalarView(rest.prefix(3)))
            rest = rest.dropFirst(3)
        } else {
            time += ":00"
        }
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { ("0"..."9").contains($0) }
            guard !fraction.isEmpty, fraction.count <= 9 else { return nil }
            time += "." + String(String.UnicodeScalarView(fraction))
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard let zone = zone(String(String.UnicodeScalarView(rest))) else { return nil }
        return day + "T" + time + zone
    }

    /// `Z`, `+01:00`, `+0100` or `+01` as `Z` or `+01:00`; empty for no zone; nil otherwise.
    private static func zone(_ text: String) -> String? {
        if text.isEmpty || text == "Z" { return text }
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "+" || scalars.first == "-" else { return nil }
        let numbers = scalars.dropFirst().filter { $0 != ":" }
        guard numbers.count == 2 || numbers.count == 4, numbers.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let digits = String(String.UnicodeScalarView(numbers)) + (numbers.count == 2 ? "00" : "")
        return ExifDate.offset("\(scalars[0])\(digits.prefix(2)):\(digits.suffix(2))")
    }

    private static func digits(_ text: [Unicode.Scalar], _ positions: [Int]) -> Bool {
        positions.allSatisfy { $0 < text.count && ("0"..."9").contains(text[$0]) }
    }
}

private extension String {
    func replacingColons() -> String { String(map { $0 == ":" ? "-" : $0 }) }
}
