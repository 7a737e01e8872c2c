import Testing
@testable import Shoebox

/// The one order in which an asset's capture time is chosen among the dates its file holds
/// (docs/METADATA.md), and which values are placeholders rather than dates.
@Suite struct CaptureTimeChoiceTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let candidates: [DateCandidate]
        let expected: DateCandidate?
        var testDescription: String { name }
    }

    static let fileTime = DateCandidate(.fileModificationTime, "2026-11-30T17:13:47Z")

    static let table: [Row] = [
        Row(name: "nothing: no date", candidates: [], expected: nil),
        Row(name: "only the file's time", candidates: [fileTime], expected: fileTime),
        Row(name: "DateTimeOriginal beats every other embedded date",
            candidates: [fileTime, DateCandidate(.exifDateTime, "2024-06-01T09:00:00"),
                         DateCandidate(.xmpDateTimeOriginal, "2024-05-01T10:00:01+02:00"),
                         DateCandidate(.exifDateTimeDigitized, "2024-05-01T10:00:02"),
                         DateCandidate(.exifDateTimeOriginal, "2024-05-01T10:00:00.250+02:00")],
            expected: DateCandidate(.exifDateTimeOriginal, "2024-05-01T10:00:00.250+02:00")),
        Row(name: "any date of an XMP sidecar beats every embedded one",
            candidates: [DateCandidate(.exifDateTimeOriginal, "2024-05-01T10:00:00"),
                         DateCandidate(.sidecarPhotoshopDateCreated, "2001-01-01"),
                         DateCandidate(.sidecarCreateDate, "2002-02-02T02:02:02Z")],
            expected: DateCandidate(.sidecarCreateDate, "2002-02-02T02:02:02Z")),
        Row(name: "EXIF DateTimeDigitized beats XMP and IPTC",
            candidates: [DateCandidate(.iptcDateCreated, "2012-01-01"), DateCandidate(.xmpDateTimeOriginal, "2011-02-03T04:05:06"),
                         DateCandidate(.exifDateTimeDigitized, "2019-12-31T23:59:58-03:00")],
            expected: DateCandidate(.exifDateTimeDigitized, "2019-12-31T23:59:58-03:00")),
        Row(name: "XMP exif:DateTimeOriginal, then xmp:CreateDate, then photoshop:DateCreated, then IPTC",
            candidates: [DateCandidate(.iptcDateCreated, "2012-01-01T10:11:12+02:00"),
                         DateCandidate(.xmpPhotoshopDateCreated, "1993-01-01T03:11:11.311+01:00"),
                         DateCandidate(.xmpCreateDate, "2013-01-01T01:01:01"),
                         DateCandidate(.xmpDateTimeOriginal, "2011-02-03T04:05:06+01:00")],
            expected: DateCandidate(.xmpDateTimeOriginal, "2011-02-03T04:05:06+01:00")),
        Row(name: "photoshop:DateCreated beats IPTC DateCreated",
            candidates: [DateCandidate(.iptcDateCreated, "1992-01-01T02:11:11+01:00"),
                         DateCandidate(.xmpPhotoshopDateCreated, "1993-01-01T03:11:11.311+01:00")],
            expected: DateCandidate(.xmpPhotoshopDateCreated, "1993-01-01T03:11:11.311+01:00")),
        Row(name: "a created date beats a modified one, even with only the day",
            candidates: [DateCandidate(.exifDateTime, "2004-02-20T08:07:49"), DateCandidate(.iptcDateCreated, "2004-02-20")],
            expected: DateCandidate(.iptcDateCreated, "2004-02-20")),
        Row(name: "XMP and IPTC beat a video container's dates",
            candidates: [DateCandidate(.quickTimeCreationDate, "2024-05-10T12:00:00+02:00"), DateCandidate(.xmpCreateDate, "2024-05-10T11:59:00")],
            expected: DateCandidate(.xmpCreateDate, "2024-05-10T11:59:00")),
        Row(name: "Apple's creationdate, then ©day, then the movie header, then the track header",
            candidates: [DateCandidate(.quickTimeMediaCreationTime, "2024-07-01T08:00:03Z"),
                         DateCandidate(.quickTimeMovieCreationTime, "2024-07-01T08:00:02Z"),
                         DateCandidate(.quickTimeDay, "2024-07-01T10:00:01+02:00"),
                         DateCandidate(.quickTimeCreationDate, "2024-07-01T10:00:00+02:00")],
            expected: DateCandidate(.quickTimeCreationDate, "2024-07-01T10:00:00+02:00")),
        Row(name: "the movie header beats the track header",
            candidates: [DateCandidate(.quickTimeMediaCreationTime, "2024-07-01T08:00:03Z"),
                         DateCandidate(.quickTimeMovieCreationTime, "2024-07-01T08:00:02Z")],
            expected: DateCandidate(.quickTimeMovieCreationTime, "2024-07-01T08:00:02Z")),
        Row(name: "a container's creation time beats IFD0 DateTime",
            candidates: [DateCandidate(.exifDateTime, "2020-01-01T00:00:00"), DateCandidate(.matroskaDateUTC, "2021-03-04T05:06:07Z")],
            expected: DateCandidate(.matroskaDateUTC, "2021-03-04T05:06:07Z")),
        Row(name: "IFD0 DateTime beats xmp:ModifyDate, GPS and the file's time",
            candidates: [fileTime, DateCandidate(.exifGPSDateTime, "2008-10-23T14:27:07Z"),
                         DateCandidate(.xmpModifyDate, "2008-11-02T00:00:00"), DateCandidate(.exifDateTime, "2008-11-01T21:15:07")],
            expected: DateCandidate(.exifDateTime, "2008-11-01T21:15:07")),
        Row(name: "xmp:ModifyDate beats GPS",
            candidates: [DateCandidate(.exifGPSDateTime, "2008-10-23T14:27:07Z"), DateCandidate(.xmpModifyDate, "2008-11-02T00:00:00")],
            expected: DateCandidate(.xmpModifyDate, "2008-11-02T00:00:00")),
        Row(name: "GPS beats the file's time",
            candidates: [fileTime, DateCandidate(.exifGPSDateTime, "2008-10-23T14:27:07Z")],
            expected: DateCandidate(.exifGPSDateTime, "2008-10-23T14:27:07Z")),
        Row(name: "an all-zero DateTimeOriginal is skipped",
            candidates: [DateCandidate(.exifDateTimeOriginal, "0000-00-00T00:00:00"), DateCandidate(.exifDateTimeDigitized, "2019-12-31T23:59:58")],
            expected: DateCandidate(.exifDateTimeDigitized, "2019-12-31T23:59:58")),
        Row(name: "a date before 1826 is skipped",
            candidates: [DateCandidate(.exifDateTimeOriginal, "1825-12-31T23:59:59"), fileTime], expected: fileTime),
        Row(name: "February 30th is skipped",
            candidates: [DateCandidate(.exifDateTimeOriginal, "2023-02-30T10:00:00"), DateCandidate(.exifDateTime, "2023-03-02T10:00:00")],
            expected: DateCandidate(.exifDateTime, "2023-03-02T10:00:00")),
        Row(name: "an impossible hour is skipped",
            candidates: [DateCandidate(.exifDateTimeOriginal, "2023-02-03T24:00:00"), fileTime], expected: fileTime),
        Row(name: "the zero of the Unix clock is skipped",
            candidates: [DateCandidate(.quickTimeMovieCreationTime, "1970-01-01T00:00:00Z"), fileTime], expected: fileTime),
        Row(name: "the zero of the QuickTime clock is skipped",
            candidates: [DateCandidate(.quickTimeMediaCreationTime, "1904-01-01T00:00:00Z"), fileTime], expected: fileTime),
        Row(name: "text that is no date is skipped",
            candidates: [DateCandidate(.xmpCreateDate, "yesterday"), DateCandidate(.xmpModifyDate, "2024")], expected: nil),
        Row(name: "1826 itself is a date",
            candidates: [DateCandidate(.exifDateTimeOriginal, "1826-06-01T12:00:00")],
            expected: DateCandidate(.exifDateTimeOriginal, "1826-06-01T12:00:00")),
        Row(name: "of two from the same source, the first",
            candidates: [DateCandidate(.xmpCreateDate, "2001-01-01"), DateCandidate(.xmpCreateDate, "2002-02-02")],
            expected: DateCandidate(.xmpCreateDate, "2001-01-01")),
    ]

    @Test(arguments: table)
    func bestCandidate(_ row: Row) {
        #expect(CaptureTimeChoice.best(of: row.candidates) == row.expected)
    }

    /// Every source has exactly one place in the order: the XMP sidecar first, the file's time last.
    @Test func everySourceIsRankedOnce() {
        #expect(Set(CaptureTimeChoice.order) == Set(TakenAtSource.allCases))
        #expect(CaptureTimeChoice.order.count == TakenAtSource.allCases.count)
        #expect(CaptureTimeChoice.order.first == .sidecarDateTimeOriginal)
        #expect(CaptureTimeChoice.order.last == .fileModificationTime)
    }
}
