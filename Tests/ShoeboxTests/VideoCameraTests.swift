import Foundation
import Testing
@testable import Shoebox

/// A video's camera and place come from its container: Apple's QuickTime keys, the user-data
/// atoms Android phones write, and an ISO 6709 location that passes the same gate as EXIF GPS.
/// Each test remakes `samples/video/portrait.mp4` with ffmpeg or exiftool and ingests it.
@Suite struct VideoCameraTests {
    @Test func appleQuickTimeKeysNameTheCamera() throws {
        let asset = try ingested(made: "clip.mov") { mov in
            try remux(to: mov, ["-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.make=Apple",
                                "-metadata", "com.apple.quicktime.model=iPhone 12"])
        }
        #expect(asset.metadata.make == "Apple")
        #expect(asset.metadata.model == "iPhone 12")
    }

    @Test func androidUserDataNamesTheCamera() throws {
        let asset = try ingested(made: "clip.mp4") { mp4 in
            try FileManager.default.copyItem(at: Fixtures.sample("video/portrait.mp4"), to: mp4)
            try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-UserData:Make=samsung",
                                             "-UserData:Model=SM-G991B", mp4.path])
        }
        #expect(asset.metadata.make == "samsung")
        #expect(asset.metadata.model == "SM-G991B")
    }

    @Test func aVideoAt0Comma0HasNoPlace() throws {
        let asset = try ingested(made: "clip.mov") { mov in
            try remux(to: mov, ["-metadata", "location=+00.0000+000.0000/"])
        }
        #expect(asset.metadata.location == nil)
    }

    @Test func aVideoAtARealPlaceHasIt() throws {
        let asset = try ingested(made: "clip.mov") { mov in
            try remux(to: mov, ["-metadata", "location=+48.8584+002.2945/"])
        }
        #expect(asset.metadata.location == GPSLocation(latitude: 48.8584, longitude: 2.2945))
    }

    private func remux(to output: URL, _ arguments: [String]) throws {
        try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-i", Fixtures.sample("video/portrait.mp4").path, "-c", "copy"]
                                      + arguments + [output.path])
    }

    private func ingested(made name: String, by make: (URL) throws -> Void) throws -> AssetRecord {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("videos")
        let file = folder.appendingPathComponent(name)
        try make(file)
        try library.ingest([folder])
        let asset = try #require(try library.asset(at: file))
        try #require(asset.status == .ok, "\(name): \(asset.errorMessage ?? "")")
        return asset
    }
}
