/// Picks an asset's capture time among every date its file holds: the one documented order
/// (README, docs/METADATA.md), in one pure function.
public enum CaptureTimeChoice {
    /// Every source, most trusted first. An XMP sidecar beside the file comes first of all,
    /// above everything embedded, as Immich and digiKam rank it: it is where a person
    /// corrected the date. Then the camera's own record of the shutter, then when the picture
    /// was digitised, then what editors and agencies wrote down (XMP,
    /// IPTC), then video containers (Apple's local creation date before the UTC header times),
    /// then dates that may only say when the file was last changed, then the GPS clock, then
    /// the file's own modification time.
    ///
    /// Google Takeout's JSON comes right after the XMP sidecar: also beside the file, but
    /// in UTC only, and written by an export rather than by a person's own tool.
    public static let order: [TakenAtSource] = [
        .sidecarDateTimeOriginal,
        .sidecarDateTimeDigitized,
        .sidecarCreateDate,
        .sidecarPhotoshopDateCreated,
        .takeoutPhotoTakenTime,
        .exifDateTimeOriginal,
        .exifDateTimeDigitized,
        .rawCaptureTime,
        .xmpDateTimeOriginal,
        .xmpDateTimeDigitized,
        .xmpCreateDate,
        .xmpPhotoshopDateCreated,
        .iptcDateCreated,
        .quickTimeCreationDate,
        .quickTimeDay,
        .quickTimeMovieCreationTime,
        .quickTimeMediaCreationTime,
        .matroskaDateUTC,
        .aviDateTimeOriginal,
        .exifDateTime,
        .xmpModifyDate,
        .exifGPSDateTime,
        .fileModificationTime,
    ]

    /// The first photograph was taken in 1826: anything earlier is a placeholder or a broken clock.
    public static let earliestYear = 1826

    /// The usable candidate whose source comes first in `order` (the earlier one in the list
    /// when two share a source); nil when none is usable.
    public static func best(of candidates: [DateCandidate]) -> DateCandidate? {
        candidates.enumerated()
            .sorted { rank($0.element.source, $0.offset) < rank($1.element.source, $1.offset) }
            .first { isUsable($0.element.value) }?
            .element
    }

    /// The zero of the Unix and QuickTime clocks, which devices whose clock was never set write.
    public static let clockZeros: Set<String> = ["1970-01-01T00:00:00", "1904-01-01T00:00:00"]

    /// Whether `value` is a date the calendar has, from 1826 on: `YYYY-MM-DD`, or that with
    /// `THH:MM:SS` and anything after (fraction, offset). Placeholders are not: all zeros,
    /// February 30th, the year 1, a clock's zero (`clockZeros`, whatever the fraction or offset).
    public static func isUsable(_ value: String) -> Bool {
        let dateAndTime = value.count >= 19 ? String(value.prefix(19)) : value
        guard dateAndTime.count == 10 || dateAndTime.count == 19, !clockZeros.contains(dateAndTime),
              let date = try? CalendarDate(dateAndTime), let year = Int(date.text.prefix(4)) else { return false }
        return year >= earliestYear
    }

    private static func rank(_ source: TakenAtSource, _ position: Int) -> (Int, Int) {
        (order.firstIndex(of: source) ?? order.count, position)
    }
}
