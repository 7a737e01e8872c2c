import Foundation
import Testing
@testable import Shoebox

/// Some Android phones make a motion photo by appending the MP4 to the JPEG, right after its
/// end-of-image marker, with no motion-photo XMP: Shoebox pairs it as a `livePhoto`, as Google
/// Photos does. Anything else after the marker is ignored.
@Suite struct AppendedMotionPhotoTests {
    @Test func anMP4AppendedAtTheEndOfImageIsAMotionPhoto() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        let jpeg = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        let video = try Data(contentsOf: Fixtures.sample("video/portrait.mp4"))
        let progressive = folder.url.appendingPathComponent("progressive.jpg")
        try FixtureTool.run("vips", ["jpegsave", Fixtures.sample("orientation/landscape_1.jpg").path, progressive.path, "--interlace"])
        let progressiveJPEG = try Data(contentsOf: progressive)
        try (jpeg + video).write(to: photos.appendingPathComponent("appended.jpg"))
        try (progressiveJPEG + video).write(to: photos.appendingPathComponent("progressive.jpg"))
        try (jpeg + Data(repeating: 0x5A, count: 1000)).write(to: photos.appendingPathComponent("trailer.jpg"))
        try (jpeg + Data("XXXXXXXX".utf8) + video).write(to: photos.appendingPathComponent("gap.jpg"))
        try (jpeg + video.dropLast(1000)).write(to: photos.appendingPathComponent("cut.jpg"))

        let assets = try ListedAssets(ingesting: photos, into: folder)

        #expect(assets.ingest.status == 0, "\(assets.ingest.errors)")
        for (name, still) in [("appended.jpg", jpeg), ("progressive.jpg", progressiveJPEG)] {
            let asset = try #require(assets[name])
            #expect(asset["kind"] as? String == "livePhoto", "\(name)")
            let motion = try #require(asset["motionPhoto"] as? [String: Any], "\(name)")
            #expect(motion["videoOffset"] as? Int == still.count && motion["videoLength"] as? Int == video.count, "\(name)")
            #expect(asset["durationSeconds"] as? Double == 2.534, "\(name)")
            #expect(asset["warning"] is NSNull, "\(name)")
        }
        for name in ["trailer.jpg", "gap.jpg"] {
            let asset = try #require(assets[name])
            #expect(asset["kind"] as? String == "photo" && asset["status"] as? String == "ok", "\(name)")
            #expect(asset["motionPhoto"] is NSNull && asset["warning"] is NSNull, "\(name)")
        }
        let cut = try #require(assets["cut.jpg"])
        #expect(cut["kind"] as? String == "photo" && cut["motionPhoto"] is NSNull)
        #expect(cut["warning"] as? String == "the motion photo's video is cut short: its mdat box runs 1000 bytes past the end of the file")
    }

    /// A file with two things to say says them in one order whichever route decoded it: the
    /// motion photo's warning (read after the decode, which tells where the picture ends),
    /// then the ignored profile's (judged before it).
    @Test func aCutShortVideoIsWarnedAboutBeforeAProfileThatDoesNotFit() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos"), made = try folder.subfolder("made")
        let source = Fixtures.sample("orientation/landscape_1.jpg").path
        let cmyk = made.appendingPathComponent("cmyk.jpg").path, misfit = made.appendingPathComponent("misfit.jpg")
        try FixtureTool.run("vips", ["icc_transform", source, cmyk, "cmyk", "--input-profile", "srgb"])
        try FileManager.default.copyItem(atPath: source, toPath: misfit.path)
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-tagsFromFile", cmyk, "-icc_profile", misfit.path])
        let video = try Data(contentsOf: Fixtures.sample("video/portrait.mp4"))
        try (try Data(contentsOf: misfit) + video.dropLast(1000)).write(to: photos.appendingPathComponent("both.jpg"))

        let assets = try ListedAssets(ingesting: photos, into: folder)

        let asset = try #require(assets["both.jpg"])
        #expect(asset["kind"] as? String == "photo" && asset["status"] as? String == "ok")
        #expect(asset["warning"] as? String == "the motion photo's video is cut short: its mdat box runs 1000 bytes past the end "
                + "of the file; the embedded ICC profile does not fit (it is a CMYK profile and the image is an RGB one): "
                + "ignored, the colours taken as sRGB")
    }
}
