import Foundation
import Testing
@testable import Shoebox

/// An image a libvips loader gives Shoebox owns its metadata blobs (`sb_vips_own_blobs`).
/// libvips 8.14's HEIF loader attached the ICC profile borrowed from memory another image of the
/// load owned: when `decodeShrunk` dropped its intermediate images, the decoded picture's profile
/// pointed at freed memory, and the thumbnail stage's JPEG save read it from another thread (a
/// heap-use-after-free under AddressSanitizer, on HEICs whose profile does not fit their pixels,
/// which keep the profile to the save). Without AddressSanitizer the read of freed memory rarely
/// shows; `scripts/sanitize.sh address` runs this suite.
@Suite struct LoadedMetadataOwnershipTests {
    /// A HEIC made by libvips from `orientation/landscape_1.jpg` with the first 2,000 bytes of
    /// libvips's sRGB profile attached (a profile cut short, which no route converts through, so
    /// it stays on the picture to the thumbnail's save); exiftool must read those 2,000 bytes back.
    private static func heicWithProfile(in folder: TemporaryFolder) throws -> URL {
        let made = try folder.subfolder("made")
        func path(_ name: String) -> String { made.appendingPathComponent(name).path }
        let source = Fixtures.sample("orientation/landscape_1.jpg").path
        try FixtureTool.run("vips", ["icc_transform", source, path("srgb.jpg"), "srgb", "--input-profile", "srgb"])
        let srgb = try FixtureTool.run("exiftool", ["-b", "-icc_profile", path("srgb.jpg")])
        try srgb.prefix(2000).write(to: made.appendingPathComponent("cut.icc"))
        try FileManager.default.copyItem(atPath: source, toPath: path("rgb.jpg"))
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-icc_profile<=" + path("cut.icc"), path("rgb.jpg")])
        try FixtureTool.run("vips", ["heifsave", path("rgb.jpg"), path("rgb-cut-profile.heic")])
        let file = made.appendingPathComponent("rgb-cut-profile.heic")
        let profile = try FixtureTool.run("exiftool", ["-b", "-icc_profile", file.path])
        try #require(profile.count == 2000, "the HEIC was made without its profile")
        return file
    }

    /// What caught the bug under AddressSanitizer before the fix (every run): photos whose profile
    /// does not fit, decoded and thumbnailed on several workers at once.
    @Test func misfitProfilesIngestCleanlyOnSeveralWorkersAtOnce() throws {
        let folder = try TemporaryFolder()
        let file = try Self.heicWithProfile(in: folder)
        let photos = try folder.subfolder("photos")
        for index in 0..<24 {
            try FileManager.default.copyItem(at: file, to: photos.appendingPathComponent("IMG_\(index).heic"))
        }
        let listed = try ListedAssets(ingesting: photos, into: folder, arguments: ["--jobs", "4"])

        #expect(listed.ingest.status == 0, "\(listed.ingest.errors)")
        #expect(listed.byName.count == 24)
        #expect(listed.byName.values.allSatisfy { $0["status"] as? String == "ok" })
    }
}
