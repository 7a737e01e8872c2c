import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// A video's `udta/©day` or `udta/date` with its zone is its capture time, before the movie
/// header's UTC time: FFmpeg leaves such atoms out of an MP4's metadata, and the header's time
/// was taken, 34 s off and without the zone (`QuickTimeUserData`).
@Suite struct QuickTimeUserDataTests {
    static func box(_ type: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(8 + payload.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + type + payload
    }

    @Test func aQuickTimeStyleDayIsRead() {
        let text = Array("2020-11-20T15:04:02+01:00".utf8)
        let userData = Self.box(Array("name".utf8), [0, 1, 0, 0, 0x41])
            + Self.box(QuickTimeUserData.day, [0, UInt8(text.count), 0x15, 0xC7] + text)

        #expect(userData.withUnsafeBytes { QuickTimeUserData.dayText(inUserData: $0) } == "2020-11-20T15:04:02+01:00")
    }

    @Test func aPlainDateAtomIsReadWhenThereIsNoDay() {
        let userData = Self.box(Array("date".utf8), Array("2020-11-20T15:04:02+0100".utf8))

        #expect(userData.withUnsafeBytes { QuickTimeUserData.dayText(inUserData: $0) } == "2020-11-20T15:04:02+0100")
    }

    @Test(.enabled(if: ["ffmpeg", "exiftool"].allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") },
                   "ffmpeg or exiftool is not installed: skipped"))
    func exiftoolsUserDataDateComesBeforeTheMovieHeader() throws {
        let folder = try TemporaryFolder()
        let video = folder.url.appendingPathComponent("day.mp4").path
        try FixtureTool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "0.3",
                                       "-c:v", "libx264", "-pix_fmt", "yuv420p", "-metadata", "creation_time=2020-11-20T14:03:28Z", video])
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-UserData:DateTimeOriginal=2020:11:20 15:04:02+01:00", video])

        let metadata = try FileMetadataReader.read(path: video).metadata

        #expect(metadata.takenAt == "2020-11-20T15:04:02+01:00")
        #expect(metadata.takenAtSource == .quickTimeDay)
    }
}
