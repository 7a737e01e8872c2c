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

    // MARK: - PNG, WebP, HEIC, AVIF, GIF

    @Test func pngEXIfChunk() throws {
        let taken = try ingestedCopy(of: "screenshot.png", exiftool: ["-DateTimeOriginal=2020:05:06 07:08:09", "-OffsetTimeOriginal=-04:00"])
        #expect(taken == Taken("2020-05-06T07:08:09-04:00", "Exif DateTimeOriginal"))
    }

    @Test func webpEXIFChunk() throws {
        let taken = try ingestedCopy(of: "photo.webp", exiftool: ["-DateTimeOriginal=2020:05:06 07:08:09", "-SubSecTimeOriginal=12"])
        #expect(taken == Taken("2020-05-06T07:08:09.12", "Exif DateTimeOriginal"))
    }

    @Test func heicExifItem() throws {
        #expect(try ingestedCopy(of: "photo.heic") == Taken("2024-06-03T14:00:00", "Exif DateTimeOriginal"))
    }

    @Test func avifExifItem() throws {
        let taken = try ingested(made: "photo.avif") { avif in
            try Tool.run("vips", ["copy", Fixtures.sample("orientation/landscape_1.jpg").path, avif.path])
        }
        #expect(taken == Taken("2024-05-01T10:00:00.250+02:00", "Exif DateTimeOriginal"))
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
