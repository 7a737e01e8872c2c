import Foundation
import Testing
@testable import Shoebox

/// The metadata Shoebox reads from EXIF, checked against exiftool over real camera files and
/// against written-out values for the cases that matter most.
@Suite struct ExifMetadataTests {
    // MARK: - The real-world corpus against exiftool

    /// Every JPEG of the shared corpus except the deliberately broken ones (`invalid/`,
    /// `corrupted.jpg`, covered by `BrokenFileTests`) reads the same orientation, Make, Model,
    /// capture date and GPS position as exiftool, apart from the documented `knownDifferences`.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func corpusJPEGsAgreeWithExiftool() throws {
        let root = Fixtures.corpus("exif-samples/jpg")
        let files = try CorpusFiles.list(under: root, extensions: ["jpg", "jpeg"]) { relative in
            !relative.hasPrefix("invalid/") && relative != "corrupted.jpg"
        }
        try #require(!files.isEmpty, "no JPEG found under \(root.path)")
        let mismatches = try MetadataComparison.run(root: root, files: files, knownDifferences: Self.knownDifferences)
        #expect(mismatches.isEmpty, "\(MetadataComparison.report(mismatches, of: files.count))")
    }

    /// The HEIC/HEIF files go through the same parser: libvips hands over the HEIF Exif item.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func corpusHEICsAgreeWithExiftool() throws {
        let root = Fixtures.corpus("exif-samples/heic")
        let files = try CorpusFiles.list(under: root, extensions: ["heic", "heif"]) { _ in true }
        try #require(!files.isEmpty, "no HEIC found under \(root.path)")
        let mismatches = try MetadataComparison.run(root: root, files: files, knownDifferences: [])
        #expect(mismatches.isEmpty, "\(MetadataComparison.report(mismatches, of: files.count))")
    }

    /// Where exiftool reports a value that is not in the EXIF block, so Shoebox (an EXIF reader)
    /// rightly reads nothing, or where exiftool cannot read the EXIF block Shoebox reads. Each
    /// was checked with `exiftool -G1 -a`, which names the group a value came from. For these
    /// fields the test requires Shoebox to read nil (or the value written out), and it flags an
    /// entry that exiftool no longer disagrees on.
    private static let knownDifferences: [KnownDifference] = [
        KnownDifference("Canon_DIGITAL_IXUS_400.jpg", [.orientation],
                        "IFD0 has no Orientation; exiftool's 1 is XMP-tiff:Orientation"),
        KnownDifference("exif-org/sony-powershota5.jpg", [.make, .model],
                        "Make and Model are in a Canon CIFF block (APP0), not in EXIF"),
        KnownDifference("tests/30-type_error.jpg", [.captureDate],
                        reads: "2013-07-05T03:18:27 from Exif DateTimeOriginal",
                        "Photoshop Elements stored IFD0's ExifOffset with type ASCII instead of LONG: exiftool refuses "
                            + "to follow it (so it sees only IFD0's ModifyDate), libexif follows it to the intact Exif IFD, "
                            + "whose DateTimeOriginal is also the file's XMP-exif:DateTimeOriginal"),
    ]

    // MARK: - Written-out values from the corpus

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func gpsNorthEastWithoutAltitude() throws {
        // exiftool -n: GPSLatitude 43.4674483333333 (N), GPSLongitude 11.8851266666639 (E), no GPSAltitude.
        let location = try #require(try readMetadata(Fixtures.corpus("exif-samples/jpg/gps/DSCN0010.jpg")).location)
        #expect(abs(location.latitude - 43.4674483333333) < 1e-9)
        #expect(abs(location.longitude - 11.8851266666639) < 1e-9)
        #expect(location.altitude == nil)
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func gpsWestLongitudeIsNegative() throws {
        // exiftool -n: GPSLatitude 40.4469722222222 (N), GPSLongitude -3.72475277777778 (W),
        // GPSAltitude 639.5878788 (above sea level).
        let location = try #require(try readMetadata(Fixtures.corpus("exif-samples/jpg/hdr/iphone_hdr_NO.jpg")).location)
        #expect(abs(location.latitude - 40.4469722222222) < 1e-9)
        #expect(abs(location.longitude - -3.72475277777778) < 1e-9)
        #expect(abs(try #require(location.altitude) - 639.5878788) < 1e-6)
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func gpsSouthLatitudeIsNegative() throws {
        // exiftool -n: GPSLatitude -0.3713 (S), GPSLongitude 36.0564166666667 (E).
        let location = try #require(try readMetadata(Fixtures.corpus("exif-samples/jpg/Kodak_CX7530.jpg")).location)
        #expect(abs(location.latitude - -0.3713) < 1e-9)
        #expect(abs(location.longitude - 36.0564166666667) < 1e-9)
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func heicCaptureTimeKeepsSubSecondsAndOffset() throws {
        // DateTimeOriginal 2021:04:11 15:47:53, SubSecTimeOriginal "054", OffsetTimeOriginal -05:00.
        let metadata = try readMetadata(Fixtures.corpus("exif-samples/heic/IMG_5195.HEIC"))
        #expect(metadata.takenAt == "2021-04-11T15:47:53.054-05:00")
        #expect(metadata.takenAtSource == .exifDateTimeOriginal)
        #expect(metadata.make == "Apple")
        #expect(metadata.model == "iPhone 11 Pro Max")
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func heicOrientationComesFromItsExif() throws {
        let metadata = try readMetadata(Fixtures.corpus("exif-samples/heic/mobile/iphone_13_pro_max.HEIC"))
        #expect(metadata.orientation == 6)
        #expect(metadata.takenAt == "2022-02-16T12:55:41.762+01:00")
    }

    /// An all-zero DateTimeOriginal (a camera whose clock was never set) is no date: CreateDate
    /// stands in. The file is a copy of `landscape_1.jpg` with its dates rewritten by exiftool.
    @Test func createDateStandsInForAnUnsetDateTimeOriginal() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("unset.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: copy)
        try ExifTool.run(["-q", "-overwrite_original", "-DateTimeOriginal#=0000:00:00 00:00:00",
                          "-CreateDate=2019:12:31 23:59:58", "-OffsetTimeDigitized=-03:00", copy.path])
        let metadata = try readMetadata(copy)
        #expect(metadata.takenAt == "2019-12-31T23:59:58-03:00")
        #expect(metadata.takenAtSource == .exifDateTimeDigitized)
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func heifWithBareTIFFExifItemIsRead() throws {
        // This HEIF's Exif item is the TIFF structure without the "Exif\0\0" header.
        // exiftool -n: Orientation 1, GPSLatitude 40.6629935, GPSLongitude -3.76374051, GPSAltitude 940.3186.
        let metadata = try readMetadata(Fixtures.corpus("exif-samples/heic/mobile/HMD_Nokia_8.3_5G_hdr.heif"))
        #expect(metadata.orientation == 1)
        let location = try #require(metadata.location)
        #expect(abs(location.latitude - 40.6629935) < 1e-9)
        #expect(abs(location.longitude - -3.76374051) < 1e-9)
        #expect(abs(try #require(location.altitude) - 940.3186) < 1e-6)
    }

    // MARK: - ExifReader on hand-made blocks

    /// A little-endian TIFF structure whose IFD0 holds only Orientation = 6.
    static let orientation6TIFF: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,   // II*, IFD0 at 8
                                            0x01, 0x00,                                       // 1 entry
                                            0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00,   // 0x0112 SHORT x1
                                            0x06, 0x00, 0x00, 0x00,                           // = 6
                                            0x00, 0x00, 0x00, 0x00]                           // no next IFD

    @Test func exifBlockWithHeaderIsRead() {
        let block = Data("Exif\0\0".utf8) + Data(Self.orientation6TIFF)
        #expect(ExifReader.metadata(fromEXIF: block).orientation == 6)
    }

    @Test func bareTIFFBlockIsReadLikeOneWithHeader() {
        #expect(ExifReader.metadata(fromEXIF: Data(Self.orientation6TIFF)).orientation == 6)
    }

    @Test func garbageBlockGivesEmptyMetadata() {
        #expect(ExifReader.metadata(fromEXIF: Data()) == PhotoMetadata())
        #expect(ExifReader.metadata(fromEXIF: Data("not exif at all".utf8)) == PhotoMetadata())
        #expect(ExifReader.metadata(fromEXIF: Data(Self.orientation6TIFF.prefix(12))) == PhotoMetadata())
    }

    // MARK: - The repo's own samples

    @Test func sampleLandscape1HasDateWithFractionAndOffset() throws {
        let metadata = try readMetadata(Fixtures.sample("orientation/landscape_1.jpg"))
        #expect(metadata.takenAt == "2024-05-01T10:00:00.250+02:00")
        #expect(metadata.takenAtSource == .exifDateTimeOriginal)
        #expect(metadata.make == "Shoebox")
        #expect(metadata.model == "Sample Camera")
        #expect(metadata.orientation == 1)
        #expect(metadata.location == nil)
    }

    @Test func sampleLandscape6HasGPSAndOrientation6() throws {
        let metadata = try readMetadata(Fixtures.sample("orientation/landscape_6.jpg"))
        #expect(metadata.orientation == 6)
        #expect(metadata.takenAt == "2024-05-06T10:00:00")
        let location = try #require(metadata.location)
        #expect(abs(location.latitude - 48.8584) < 1e-9)
        #expect(abs(location.longitude - 2.2945) < 1e-9)
        #expect(abs(try #require(location.altitude) - 35) < 1e-9)
    }

    /// GPSAltitudeRef 1 means below sea level, and S / W references make the degrees negative.
    /// The file is a copy of `landscape_6.jpg` with its references rewritten by exiftool, which
    /// with `-n` reports the same signed values.
    @Test func belowSeaLevelSouthWestIsNegative() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("below.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_6.jpg"), to: copy)
        try ExifTool.run(["-q", "-overwrite_original", "-GPSAltitudeRef#=1", "-GPSLatitudeRef=S",
                          "-GPSLongitudeRef=W", copy.path])
        let location = try #require(try readMetadata(copy).location)
        #expect(abs(location.latitude - -48.8584) < 1e-9)
        #expect(abs(location.longitude - -2.2945) < 1e-9)
        #expect(abs(try #require(location.altitude) - -35) < 1e-9)
        let reference = try #require(try ExifTool.records(for: [copy.path])[copy.path])
        #expect(reference.altitude == -35)
    }

    // MARK: - ExifDate

    @Test func isoLocalTimeConvertsExifDateTime() {
        #expect(ExifDate.isoLocalTime("2008:05:30 15:56:01") == "2008-05-30T15:56:01")
    }

    @Test func isoLocalTimeAcceptsDashesInTheDate() {
        #expect(ExifDate.isoLocalTime("2024-05-01 10:00:00") == "2024-05-01T10:00:00")
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "", "2008:13:30 15:56:01", "2008:05:30 25:00:00"])
    func isoLocalTimeRejectsUnsetOrImpossibleDates(_ raw: String) {
        #expect(ExifDate.isoLocalTime(raw) == nil)
    }

    @Test func offsetKeepsAValidOffset() {
        #expect(ExifDate.offset("+02:00") == "+02:00")
        #expect(ExifDate.offset("-05:30") == "-05:30")
        #expect(ExifDate.offset("Z") == "Z")
        #expect(ExifDate.offset(" +02:00 ") == "+02:00")
    }

    @Test(arguments: ["", "+2:00", "02:00", "+0200", "+02:0x", "   :  "])
    func offsetRejectsAnythingElse(_ raw: String) {
        #expect(ExifDate.offset(raw) == nil)
    }

    @Test func fractionIsDigitsAfterADot() {
        #expect(ExifDate.fraction("250") == ".250")
        #expect(ExifDate.fraction("054") == ".054")
        #expect(ExifDate.fraction("") == nil)
        #expect(ExifDate.fraction("25a") == nil)
    }

    @Test func degreesMinutesSecondsBecomeDecimalDegrees() throws {
        let degrees = try #require(ExifDate.degrees([48, 51, 30.24]))
        #expect(abs(degrees - 48.8584) < 1e-12)
        #expect(ExifDate.degrees([2]) == 2)
        #expect(ExifDate.degrees([]) == nil)
        #expect(ExifDate.degrees([-1, 0, 0]) == nil)
    }

    // MARK: - ExifText

    @Test func cleanStripsNULAndSpacePadding() {
        #expect(ExifText.clean(Array("Canon\0\0\0\0".utf8)) == "Canon")
        #expect(ExifText.clean(Array("PENTAX K10D        \0".utf8)) == "PENTAX K10D")
    }

    @Test func cleanEndsTheTextAtTheFirstNUL() {
        #expect(ExifText.clean(Array("Nikon\0garbage".utf8)) == "Nikon")
    }

    @Test func cleanRemovesControlCharactersAndEscapes() {
        // ESC [ 3 1 m (a terminal colour escape), BEL, a newline and a right-to-left override.
        let hostile: [UInt8] = Array("Evil\u{1B}[31mCam\u{07}\nera\u{202E}X".utf8)
        #expect(ExifText.clean(hostile) == "Evil[31mCameraX")
    }

    @Test func cleanReplacesInvalidUTF8() {
        #expect(ExifText.clean([0x43, 0x61, 0x6D, 0xFF, 0x65]) == "Cam\u{FFFD}e")
    }

    @Test func cleanReturnsNilForEmptyText() {
        #expect(ExifText.clean([UInt8]()) == nil)
        #expect(ExifText.clean([0, 0, 0, 0]) == nil)
        #expect(ExifText.clean(Array("   \u{1B}\0".utf8)) == nil)
    }

    @Test func cleanCapsTheLength() {
        let long = ExifText.clean(Array(String(repeating: "a", count: 1000).utf8))
        #expect(long == String(repeating: "a", count: ExifText.maxLength))
    }
}

/// Reads a file's metadata the way the pipeline does: sniff, open the header with libvips,
/// parse the EXIF block libvips found.
func readMetadata(_ url: URL) throws -> PhotoMetadata {
    try Vips.start()
    let bytes = SourceBytes(copying: try Data(contentsOf: url))
    guard let format = FormatSniffer.format(of: bytes.head) else {
        throw MediaError.vips(operation: "sniff", message: "\(url.lastPathComponent) is not a known format")
    }
    let header = try VipsImage.header(of: bytes, format: format)
    return header.exifData.map(ExifReader.metadata(fromEXIF:)) ?? PhotoMetadata()
}

// MARK: - Corpus comparison

private enum CorpusFiles {
    /// Paths relative to `root`, sorted, of the files with one of `extensions` that `include` keeps.
    static func list(under root: URL, extensions: Set<String>, include: (String) -> Bool) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) && include($0) }
            .sorted()
    }
}

/// A field where exiftool's answer for one file is known not to come from EXIF.
private struct KnownDifference {
    let file: String
    let fields: [MetadataField]
    /// What Shoebox must read for these fields instead (nil: nothing).
    let reads: String?
    let reason: String

    init(_ file: String, _ fields: [MetadataField], reads: String? = nil, _ reason: String) {
        (self.file, self.fields, self.reads, self.reason) = (file, fields, reads, reason)
    }
}

private enum MetadataField: String {
    case orientation, make, model, captureDate = "capture date", latitude, longitude, altitude
}

private struct Mismatch: CustomStringConvertible {
    let file: String
    let field: String
    let ours: String
    let exiftool: String

    var description: String { "\(file): \(field): Shoebox \(ours), exiftool \(exiftool)" }
}

private enum MetadataComparison {
    /// Compares every file and returns all disagreements (unreadable files included).
    static func run(root: URL, files: [String], knownDifferences: [KnownDifference]) throws -> [Mismatch] {
        let paths = files.map { root.appendingPathComponent($0).path }
        let references = try ExifTool.records(for: paths)
        var mismatches: [Mismatch] = []
        for (file, path) in zip(files, paths) {
            guard let reference = references[path] else {
                mismatches.append(Mismatch(file: file, field: "file", ours: "-", exiftool: "no record"))
                continue
            }
            do {
                let ours = try readMetadata(URL(fileURLWithPath: path))
                var excused: [MetadataField: String] = [:]
                for difference in knownDifferences where difference.file == file {
                    for field in difference.fields { excused[field] = difference.reads.map { "\"\($0)\"" } ?? "nil" }
                }
                mismatches += compare(file, ours: ours, reference: reference, excused: excused)
            } catch {
                mismatches.append(Mismatch(file: file, field: "header", ours: "error \(error)", exiftool: "readable"))
            }
        }
        return mismatches + unknownFiles(knownDifferences, files: files)
    }

    static func report(_ mismatches: [Mismatch], of count: Int) -> String {
        "\(mismatches.count) mismatches in \(count) files:\n" + mismatches.map { "  \($0)" }.joined(separator: "\n")
    }

    private static func unknownFiles(_ differences: [KnownDifference], files: [String]) -> [Mismatch] {
        differences.filter { !files.contains($0.file) }
            .map { Mismatch(file: $0.file, field: "known difference", ours: "-", exiftool: "file not in the corpus") }
    }

    private static func compare(_ file: String, ours: PhotoMetadata, reference: ExifToolRecord,
                                excused: [MetadataField: String]) -> [Mismatch] {
        let pairs: [(MetadataField, String, String, Bool)] = [
            field(.orientation, ours.orientation, reference.expectedOrientation),
            field(.make, ours.make, reference.make?.trimmingWhitespace()),
            field(.model, ours.model, reference.model?.trimmingWhitespace()),
            field(.captureDate, ours.captureDate, reference.expectedCaptureDate),
            near(.latitude, ours.location?.latitude, reference.expectedLocation?.latitude, 1e-6),
            near(.longitude, ours.location?.longitude, reference.expectedLocation?.longitude, 1e-6),
            near(.altitude, ours.location?.altitude, reference.expectedLocation?.altitude, 0.01),
        ]
        return pairs.compactMap { name, mine, theirs, agree in
            if let expected = excused[name] {
                if mine != expected {
                    return Mismatch(file: file, field: name.rawValue, ours: mine, exiftool: "\(theirs), known difference expects \(expected)")
                }
                if theirs == mine { return Mismatch(file: file, field: name.rawValue, ours: mine, exiftool: "agrees: known difference no longer needed") }
                return nil
            }
            return agree ? nil : Mismatch(file: file, field: name.rawValue, ours: mine, exiftool: theirs)
        }
    }

    private static func field<T: Equatable>(_ name: MetadataField, _ ours: T?, _ theirs: T?) -> (MetadataField, String, String, Bool) {
        (name, show(ours), show(theirs), ours == theirs)
    }

    private static func near(_ name: MetadataField, _ ours: Double?, _ theirs: Double?, _ tolerance: Double) -> (MetadataField, String, String, Bool) {
        let agree = switch (ours, theirs) {
        case (nil, nil): true
        case let (a?, b?): abs(a - b) <= tolerance
        default: false
        }
        return (name, show(ours), show(theirs), agree)
    }

    private static func show<T>(_ value: T?) -> String {
        value.map { "\"\($0)\"" } ?? "nil"
    }
}

private extension PhotoMetadata {
    /// `takenAt` without fraction and offset, with the tag it came from.
    var captureDate: String? {
        takenAt.map { "\($0.prefix(19)) from \(takenAtSource?.rawValue ?? "?")" }
    }
}

// MARK: - exiftool

/// What exiftool read for one file, with `-n` (numbers unformatted, GPS signed).
private struct ExifToolRecord {
    var orientation: Int?
    var make: String?
    var model: String?
    var dateTimeOriginal: String?
    var createDate: String?
    var modifyDate: String?
    var gpsDateStamp: String?
    var gpsTimeStamp: String?
    var latitude: Double?
    var longitude: Double?
    /// The Composite GPSAltitude: with `-n` it is negative below sea level (GPSAltitudeRef 1).
    var altitude: Double?

    init(_ json: [String: Any]) {
        orientation = (json["Orientation"] as? NSNumber)?.intValue
        make = Self.text(json["Make"])
        model = Self.text(json["Model"])
        dateTimeOriginal = Self.text(json["DateTimeOriginal"])
        createDate = Self.text(json["CreateDate"])
        modifyDate = Self.text(json["ModifyDate"])
        gpsDateStamp = Self.text(json["GPSDateStamp"])
        gpsTimeStamp = Self.text(json["GPSTimeStamp"])
        latitude = Self.number(json["GPSLatitude"])
        longitude = Self.number(json["GPSLongitude"])
        altitude = Self.number(json["GPSAltitude"])
    }

    var expectedOrientation: Int? { orientation.flatMap { (1...8).contains($0) ? $0 : nil } }

    /// The first valid date of the EXIF block in Shoebox's order (DateTimeOriginal, CreateDate,
    /// IFD0 ModifyDate, the GPS date and time), as the ISO local time and the source's name.
    var expectedCaptureDate: String? {
        let gps = gpsDateStamp.flatMap { date in gpsTimeStamp.map { "\(date) \($0.prefix(8))" } }
        let tags: [(String?, String)] = [(dateTimeOriginal, "Exif DateTimeOriginal"), (createDate, "Exif DateTimeDigitized"),
                                         (modifyDate, "Exif IFD0 DateTime"), (gps, "Exif GPSDateStamp GPSTimeStamp")]
        for (value, source) in tags {
            if let iso = value.flatMap(Self.isoLocalTime) { return "\(iso) from \(source)" }
        }
        return nil
    }

    /// A position needs both coordinates; the altitude is only kept with one.
    var expectedLocation: GPSLocation? {
        guard let latitude, let longitude else { return nil }
        return GPSLocation(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// `YYYY:MM:DD HH:MM:SS` (anything after it ignored) as `YYYY-MM-DDTHH:MM:SS`; nil when
    /// the date is unset (zeros, blanks), before 1826 or impossible (February 30th). Written
    /// independently of `ExifDate` and `CaptureTimeChoice`.
    static func isoLocalTime(_ raw: String) -> String? {
        let chars = Array(raw.prefix(19))
        guard chars.count == 19, chars[4] == ":", chars[7] == ":", chars[10] == " ",
              chars[13] == ":", chars[16] == ":" else { return nil }
        func field(_ start: Int, _ length: Int) -> Int? { Int(String(chars[start..<start + length])) }
        guard let year = field(0, 4), let month = field(5, 2), let day = field(8, 2),
              let hour = field(11, 2), let minute = field(14, 2), let second = field(17, 2),
              year >= 1826, (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthDays[month - 1]).contains(day) else { return nil }
        var iso = chars
        (iso[4], iso[7], iso[10]) = ("-", "-", "T")
        return String(iso)
    }

    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue
        case let string as String: return Double(string)
        default: return nil
        }
    }
}

/// The exiftool command, a declared test dependency (Debian package `libimage-exiftool-perl`).
enum ExifTool {
    static let tags = ["-Orientation", "-Make", "-Model", "-EXIF:DateTimeOriginal", "-EXIF:CreateDate", "-IFD0:ModifyDate",
                       "-GPS:GPSDateStamp", "-GPS:GPSTimeStamp",
                       "-GPSLatitude", "-GPSLongitude", "-GPSAltitude"]

    static var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("exiftool") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs exiftool once over `paths` and returns its record for each, keyed by path.
    fileprivate static func records(for paths: [String]) throws -> [String: ExifToolRecord] {
        let output = try run(["-j", "-n"] + tags + paths)
        let json = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]],
                                "exiftool did not print a JSON array")
        var records: [String: ExifToolRecord] = [:]
        for entry in json {
            if let source = entry["SourceFile"] as? String { records[source] = ExifToolRecord(entry) }
        }
        return records
    }

    /// Runs exiftool and returns its standard output; fails the test when exiftool is missing.
    @discardableResult
    static func run(_ arguments: [String]) throws -> Data {
        let tool = try #require(executable, "exiftool is not installed: it is a test dependency (apt install libimage-exiftool-perl)")
        return try FixtureTool.run("exiftool", arguments, outputIsEnough: true, executable: tool)
    }
}
