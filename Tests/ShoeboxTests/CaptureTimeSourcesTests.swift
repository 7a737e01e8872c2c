import Foundation
import Testing
@testable import Shoebox

/// Every place real files keep their capture time, one container and tag at a time: a sample
/// copied to a temporary folder, its tags written by exiftool (or the file remade by vips or
/// ffmpeg), ingested, and the catalogued `takenAt` and `takenAtSource` compared with the values
/// written out. The order among them is `CaptureTimeChoiceTests`.
@Suite struct CaptureTimeSourcesTests {
    // MARK: - JPEG: EXIF fallbacks

    @Test func jpegIFD0DateTimeKeepsSubSecondsAndOffset() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-SubSecTimeOriginal=", "-OffsetTimeOriginal=",
            "-ModifyDate=2019:03:04 05:06:07", "-SubSecTime=5", "-OffsetTime=+01:00"])
        #expect(taken == Taken("2019-03-04T05:06:07.5+01:00", "Exif IFD0 DateTime"))
    }

    @Test func jpegGPSDateAndTimeAreUTC() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-GPSDateStamp=2008:10:23", "-GPSTimeStamp=14:27:07"])
        #expect(taken == Taken("2008-10-23T14:27:07Z", "Exif GPSDateStamp GPSTimeStamp"))
    }

    @Test func jpegImpossibleDateTimeOriginalGivesWayToDateTimeDigitized() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal#=2023:02:30 10:00:00", "-CreateDate=2023:03:01 10:00:00"])
        #expect(taken == Taken("2023-03-01T10:00:00", "Exif DateTimeDigitized"))
    }

    @Test func jpegDateTimeOriginalBefore1826GivesWayToIFD0DateTime() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal#=1800:01:01 00:00:00", "-ModifyDate=2022:08:09 10:11:12"])
        #expect(taken == Taken("2022-08-09T10:11:12", "Exif IFD0 DateTime"))
    }

    /// With XMP and IPTC dates beside it, EXIF's DateTimeOriginal still wins.
    @Test func jpegExifDateTimeOriginalBeatsXMPAndIPTC() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-XMP-exif:DateTimeOriginal=2011:02:03 04:05:06+01:00", "-XMP-xmp:CreateDate=2011:02:03 04:05:07",
            "-IPTC:DateCreated=2012:01:01", "-IPTC:TimeCreated=10:11:12+02:00"])
        #expect(taken == Taken("2024-05-01T10:00:00.250+02:00", "Exif DateTimeOriginal"))
    }

    // MARK: - JPEG: XMP and IPTC

    @Test func jpegXMPDateTimeOriginal() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-XMP-exif:DateTimeOriginal=2011:02:03 04:05:06.5+01:00"])
        #expect(taken == Taken("2011-02-03T04:05:06.5+01:00", "XMP exif:DateTimeOriginal"))
    }

    @Test func jpegXMPCreateDateBeatsModifyDate() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-XMP-xmp:ModifyDate=2015:01:01 00:00:00Z", "-XMP-xmp:CreateDate=2014:06:07 08:09:10Z"])
        #expect(taken == Taken("2014-06-07T08:09:10Z", "XMP xmp:CreateDate"))
    }

    @Test func jpegXMPPhotoshopDateCreatedWithOnlyTheDay() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-XMP-photoshop:DateCreated=2006:10:29"])
        #expect(taken == Taken("2006-10-29", "XMP photoshop:DateCreated"))
    }

    @Test func jpegXMPModifyDateIsTheLastXMPDate() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-XMP-xmp:ModifyDate=2003:03:03 03:33:33.333+03:00"])
        #expect(taken == Taken("2003-03-03T03:33:33.333+03:00", "XMP xmp:ModifyDate"))
    }

    @Test func jpegIPTCDateCreatedWithTimeCreated() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-IPTC:DateCreated=2012:01:01", "-IPTC:TimeCreated=10:11:12+02:00"])
        #expect(taken == Taken("2012-01-01T10:11:12+02:00", "IPTC DateCreated"))
    }

    @Test func jpegIPTCDateCreatedAlone() throws {
        let taken = try ingestedCopy(of: "orientation/landscape_1.jpg", exiftool: [
            "-DateTimeOriginal=", "-IPTC:DateCreated=2004:02:26"])
        #expect(taken == Taken("2004-02-26", "IPTC DateCreated"))
    }

    // MARK: - PNG, WebP, HEIC, AVIF, GIF

    @Test func pngEXIfChunk() throws {
        let taken = try ingestedCopy(of: "screenshot.png", exiftool: ["-DateTimeOriginal=2020:05:06 07:08:09", "-OffsetTimeOriginal=-04:00"])
        #expect(taken == Taken("2020-05-06T07:08:09-04:00", "Exif DateTimeOriginal"))
    }

    @Test func pngXMPInITXt() throws {
        let taken = try ingestedCopy(of: "screenshot.png", exiftool: ["-XMP-xmp:CreateDate=2021:07:08 09:10:11+02:00"])
        #expect(taken == Taken("2021-07-08T09:10:11+02:00", "XMP xmp:CreateDate"))
    }

    /// exiftool `-z` deflates the iTXt chunk: no `<x:xmpmeta` in the file's bytes, libvips inflates it.
    @Test func pngCompressedXMP() throws {
        let taken = try ingestedCopy(of: "screenshot.png", exiftool: ["-z", "-XMP-xmp:CreateDate=2021:07:08 09:10:11+02:00"])
        #expect(taken == Taken("2021-07-08T09:10:11+02:00", "XMP xmp:CreateDate"))
    }

    @Test func webpEXIFChunk() throws {
        let taken = try ingestedCopy(of: "photo.webp", exiftool: ["-DateTimeOriginal=2020:05:06 07:08:09", "-SubSecTimeOriginal=12"])
        #expect(taken == Taken("2020-05-06T07:08:09.12", "Exif DateTimeOriginal"))
    }

    @Test func webpXMPChunk() throws {
        let taken = try ingestedCopy(of: "photo.webp", exiftool: ["-XMP-exif:DateTimeOriginal=2011:02:03 04:05:06"])
        #expect(taken == Taken("2011-02-03T04:05:06", "XMP exif:DateTimeOriginal"))
    }

    @Test func heicExifItem() throws {
        #expect(try ingestedCopy(of: "photo.heic") == Taken("2024-06-03T14:00:00", "Exif DateTimeOriginal"))
    }

    @Test func heicXMPItem() throws {
        let taken = try ingestedCopy(of: "photo.heic", exiftool: ["-DateTimeOriginal=", "-XMP-xmp:CreateDate=2013:01:01 01:01:01"])
        #expect(taken == Taken("2013-01-01T01:01:01", "XMP xmp:CreateDate"))
    }

    @Test func avifExifItem() throws {
        let taken = try ingested(made: "photo.avif") { avif in
            try Tool.run("vips", ["copy", Fixtures.sample("orientation/landscape_1.jpg").path, avif.path])
        }
        #expect(taken == Taken("2024-05-01T10:00:00.250+02:00", "Exif DateTimeOriginal"))
    }

    @Test func gifXMPApplicationExtension() throws {
        let taken = try ingestedCopy(of: "gif/static.gif", exiftool: ["-XMP-xmp:CreateDate=2010:11:12 13:14:15-05:00"])
        #expect(taken == Taken("2010-11-12T13:14:15-05:00", "XMP xmp:CreateDate"))
    }

    // MARK: - TIFF and TIFF-based RAW

    /// libvips writes IFD0 after the pixels; exiftool moves it to the front when it adds the dates.
    @Test func tiffExifIFD() throws {
        let taken = try ingested(made: "photo.tif") { tiff in
            try Tool.run("vips", ["copy", Fixtures.sample("orientation/landscape_1.jpg").path, tiff.path])
            try ExifTool.run(["-q", "-overwrite_original", "-DateTimeOriginal=2020:01:02 03:04:05", "-OffsetTimeOriginal=+09:00",
                              tiff.path])
        }
        #expect(taken == Taken("2020-01-02T03:04:05+09:00", "Exif DateTimeOriginal"))
    }

    /// A TIFF whose IFD0 and Exif IFD lie after 76,800 bytes of pixels, past the 64 KB libexif
    /// reads of a block, as many TIFF writers leave them (big-endian, to check the byte order).
    @Test func tiffWithIFDsAfterThePixels() throws {
        let taken = try ingested(made: "late-ifd.tif") { tiff in
            try LateIFDTIFF.bytes(dateTimeOriginal: "2018:07:06 05:04:03", dateTime: "2019:01:01 00:00:00").write(to: tiff)
            let reference = try ExifTool.run(["-s3", "-DateTimeOriginal", "-ModifyDate", tiff.path])
            #expect(String(decoding: reference, as: UTF8.self) == "2018:07:06 05:04:03\n2019:01:01 00:00:00\n",
                    "exiftool reads the hand-made TIFF as intended")
        }
        #expect(taken == Taken("2018-07-06T05:04:03", "Exif DateTimeOriginal"))
    }

    @Test func tiffIPTCTag() throws {
        let taken = try ingested(made: "iptc.tif") { tiff in
            try Tool.run("vips", ["copy", Fixtures.sample("screenshot.png").path, tiff.path])
            try ExifTool.run(["-q", "-overwrite_original", "-IPTC:DateCreated=2012:01:01", "-IPTC:TimeCreated=10:11:12-03:00", tiff.path])
        }
        #expect(taken == Taken("2012-01-01T10:11:12-03:00", "IPTC DateCreated"))
    }

    /// IFD0 at offset 86,806 of a 91,504-byte file.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func corpusTIFFWithIFD0AtItsEnd() throws {
        let taken = try ingestedCopy(of: Fixtures.corpus("exif-samples/tiff/DudleyLeavittUtah.tiff"))
        #expect(taken == Taken("2009-09-26T01:11:52", "Exif IFD0 DateTime"))
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func corpusDNG() throws {
        #expect(try ingestedCopy(of: Fixtures.corpus("exiftool-t/DNG.dng")) == Taken("2005-08-03T18:59:18", "Exif DateTimeOriginal"))
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func corpusPhaseOneIIQ() throws {
        // A RAW decoded by LibRaw since RAW support: this cut-down file's sensor data is gone, so
        // it is not catalogued (damaged); its camera data is read all the same.
        let bytes = SourceBytes(copying: try Data(contentsOf: Fixtures.corpus("exiftool-t/PhaseOne.iiq")))
        let raw = try RawFile(bytes, maxMemoryBytes: 134_217_728)
        let found = RawImageDecoder.metadata(of: raw, bytes: bytes, format: .iiq, path: "/nonexistent/PhaseOne.iiq",
                                             modifiedNanoseconds: 0)
        #expect(Taken(found.takenAt, found.takenAtSource?.rawValue) == Taken("2013-06-19T15:44:21", "Exif DateTimeOriginal"))
    }

    // MARK: - Video containers

    @Test func quickTimeCreationDateWithItsOffset() throws {
        let taken = try ingestedCopy(of: "live/by-name/IMG_0002.MOV")
        #expect(taken == Taken("2024-05-11T09:00:01+02:00", "QuickTime com.apple.quicktime.creationdate"))
    }

    @Test func mp4MovieHeaderCreationTime() throws {
        #expect(try ingestedCopy(of: "video/portrait.mp4") == Taken("2024-07-01T08:00:00Z", "QuickTime mvhd CreationTime"))
    }

    @Test func mp4DayItemBeatsTheMovieHeader() throws {
        let taken = try ingested(made: "day.mp4") { mp4 in
            try Tool.run("ffmpeg", ["-v", "error", "-y", "-i", Fixtures.sample("video/portrait.mp4").path, "-c", "copy",
                                    "-metadata", "date=2019-01-02T03:04:05+0100", mp4.path])
        }
        #expect(taken == Taken("2019-01-02T03:04:05+01:00", "QuickTime ©day"))
    }

    @Test func matroskaDateUTC() throws {
        let taken = try ingested(made: "clip.mkv") { mkv in
            try Tool.run("ffmpeg", ["-v", "error", "-y", "-i", Fixtures.sample("video/portrait.mp4").path, "-c", "copy",
                                    "-metadata", "creation_time=2021-03-04T05:06:07Z", mkv.path])
        }
        #expect(taken == Taken("2021-03-04T05:06:07Z", "Matroska DateUTC"))
    }

    // MARK: - Helpers

    struct Taken: Equatable, CustomStringConvertible {
        let at: String?
        let source: String?
        init(_ at: String?, _ source: String?) { (self.at, self.source) = (at, source) }
        var description: String { "\(at ?? "nil") from \(source ?? "nil")" }
    }

    /// Ingests a copy of a sample (a path under samples/, or a URL), changed by exiftool first
    /// when `exiftool` has arguments.
    private func ingestedCopy(of sample: String, exiftool arguments: [String] = []) throws -> Taken {
        try ingestedCopy(of: Fixtures.sample(sample), exiftool: arguments)
    }

    private func ingestedCopy(of file: URL, exiftool arguments: [String] = []) throws -> Taken {
        try ingested(made: file.lastPathComponent) { copy in
            try FileManager.default.copyItem(at: file, to: copy)
            if !arguments.isEmpty { try ExifTool.run(["-q", "-overwrite_original"] + arguments + [copy.path]) }
        }
    }

    /// Ingests the file `make` writes at the URL it is given, in a fresh library.
    private func ingested(made name: String, by make: (URL) throws -> Void) throws -> Taken {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let file = folder.appendingPathComponent(name)
        try make(file)
        try library.ingest([folder])
        let asset = try #require(try library.asset(at: file))
        try #require(asset.status == .ok, "\(name): \(asset.errorMessage ?? "")")
        return Taken(asset.metadata.takenAt, asset.metadata.takenAtSource?.rawValue)
    }
}

/// Runs a command-line tool the tests depend on (vips, ffmpeg: see scripts/setup-debian.sh).
private enum Tool {
    static func run(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(name) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
}

/// A big-endian grey 320x240 TIFF written by hand: the header, the pixels, then IFD0 (with
/// DateTime and a pointer to the Exif IFD) and the Exif IFD (DateTimeOriginal) after them.
private enum LateIFDTIFF {
    static func bytes(dateTimeOriginal: String, dateTime: String) -> Data {
        let (width, height) = (320, 240)
        let pixels = [UInt8]((0..<width * height).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let ifd0Start = 8 + pixels.count
        let ifd0Entries = 9
        let dateTimeValue = ifd0Start + 2 + 12 * ifd0Entries + 4
        let exifStart = dateTimeValue + 20
        let originalValue = exifStart + 2 + 12 + 4
        var out: [UInt8] = Array("MM".utf8) + be(42, 2) + be(ifd0Start, 4) + pixels
        out += be(ifd0Entries, 2)
        out += entry(0x0100, 3, 1, be(width, 2) + [0, 0])       // ImageWidth
        out += entry(0x0101, 3, 1, be(height, 2) + [0, 0])      // ImageLength
        out += entry(0x0102, 3, 1, be(8, 2) + [0, 0])           // BitsPerSample
        out += entry(0x0103, 3, 1, be(1, 2) + [0, 0])           // Compression: none
        out += entry(0x0106, 3, 1, be(1, 2) + [0, 0])           // PhotometricInterpretation: black is zero
        out += entry(0x0111, 4, 1, be(8, 4))                    // StripOffsets
        out += entry(0x0117, 4, 1, be(pixels.count, 4))         // StripByteCounts
        out += entry(0x0132, 2, 20, be(dateTimeValue, 4))       // DateTime
        out += entry(0x8769, 4, 1, be(exifStart, 4))            // ExifIFD
        out += be(0, 4) + Array(dateTime.utf8) + [0]
        out += be(1, 2) + entry(0x9003, 2, 20, be(originalValue, 4)) + be(0, 4) + Array(dateTimeOriginal.utf8) + [0]
        return Data(out)
    }

    private static func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
        be(tag, 2) + be(type, 2) + be(count, 4) + value
    }

    private static func be(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - $0))) }
    }
}
