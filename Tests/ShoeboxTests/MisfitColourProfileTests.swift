import Foundation
import Testing
@testable import Shoebox

/// An embedded ICC profile that does not fit the image (an RGB profile on a greyscale JPEG, a
/// CMYK one on RGB, one cut short) is ignored with a warning, and the picture comes out as the
/// same picture without a profile does: the file is `ok`, as every viewer opens it.
@Suite struct MisfitColourProfileTests {
    /// Made from `orientation/landscape_1.jpg` with vips and exiftool: in `plain/` the pictures
    /// without a profile, in `photos/` the same pictures with a profile that does not fit.
    /// The profiles are libvips's own sRGB and CMYK profiles, taken from converted copies.
    struct Files {
        let plain: URL, photos: URL
        /// The size of libvips's sRGB profile, which the cut-short one claims.
        let srgbProfileSize: Int

        init(in folder: TemporaryFolder) throws {
            let made = try folder.subfolder("made")
            plain = try folder.subfolder("plain")
            photos = try folder.subfolder("photos")
            let source = Fixtures.sample("orientation/landscape_1.jpg").path
            func path(_ folder: URL, _ name: String) -> String { folder.appendingPathComponent(name).path }
            func vips(_ arguments: String...) throws { try FixtureTool.run("vips", arguments) }
            func exiftool(_ arguments: String...) throws { try FixtureTool.run("exiftool", ["-q", "-overwrite_original"] + arguments) }
            func copy(_ from: String, _ to: String) throws { try FileManager.default.copyItem(atPath: from, toPath: to) }

            try vips("icc_transform", source, path(made, "srgb.jpg"), "srgb", "--input-profile", "srgb")
            try vips("icc_transform", source, path(made, "cmyk.jpg"), "cmyk", "--input-profile", "srgb")
            let srgbProfile = try FixtureTool.run("exiftool", ["-b", "-icc_profile", path(made, "srgb.jpg")])
            srgbProfileSize = srgbProfile.count
            try srgbProfile.prefix(2000).write(to: made.appendingPathComponent("cut.icc"))

            try copy(source, path(plain, "rgb.jpg"))
            try vips("colourspace", source, path(plain, "grey.jpg"), "b-w")
            try copy(path(made, "cmyk.jpg"), path(plain, "cmyk.jpg"))
            try exiftool("-icc_profile=", path(plain, "cmyk.jpg"))
            try vips("tiffsave", path(plain, "grey.jpg"), path(plain, "grey.tif"))
            try vips("heifsave", path(plain, "rgb.jpg"), path(plain, "rgb.heic"))

            let misfits = [("grey.jpg", "grey-rgb-profile.jpg", "srgb.jpg"), ("rgb.jpg", "rgb-cmyk-profile.jpg", "cmyk.jpg"),
                           ("cmyk.jpg", "cmyk-rgb-profile.jpg", "srgb.jpg")]
            for (picture, name, profileFrom) in misfits {
                try copy(path(plain, picture), path(photos, name))
                try exiftool("-tagsFromFile", path(made, profileFrom), "-icc_profile", path(photos, name))
            }
            try copy(path(plain, "rgb.jpg"), path(made, "rgb-cut-profile.jpg"))
            try exiftool("-icc_profile<=" + path(made, "cut.icc"), path(made, "rgb-cut-profile.jpg"))
            try copy(path(made, "rgb-cut-profile.jpg"), path(photos, "rgb-cut-profile.jpg"))
            // The same misfits through libvips's general route and Shoebox's own HEIC route.
            try vips("tiffsave", path(photos, "grey-rgb-profile.jpg"), path(photos, "grey-rgb-profile.tif"))
            try vips("heifsave", path(made, "rgb-cut-profile.jpg"), path(photos, "rgb-cut-profile.heic"))
        }
    }

    @Test func aProfileThatDoesNotFitIsIgnoredWithAWarning() throws {
        let folder = try TemporaryFolder()
        let files = try Files(in: folder)
        let ignored = "the embedded ICC profile does not fit"
        let cut = "(it is cut short: its header says \(files.srgbProfileSize) bytes and 2000 are there): ignored, the colours taken as sRGB"
        let expected: [String: (same: String, warning: String)] = [
            "grey-rgb-profile.jpg": ("grey.jpg", "\(ignored) (it is an RGB profile and the image is a greyscale one): ignored, the colours taken as sRGB"),
            "grey-rgb-profile.tif": ("grey.tif", "\(ignored) (it is an RGB profile and the image is a greyscale one): ignored, the colours taken as sRGB"),
            "rgb-cmyk-profile.jpg": ("rgb.jpg", "\(ignored) (it is a CMYK profile and the image is an RGB one): ignored, the colours taken as sRGB"),
            "cmyk-rgb-profile.jpg": ("cmyk.jpg", "\(ignored) (it is an RGB profile and the image is a CMYK one): ignored, "
                                        + "the colours converted with libvips's built-in CMYK profile"),
            "rgb-cut-profile.jpg": ("rgb.jpg", "\(ignored) \(cut)"),
            "rgb-cut-profile.heic": ("rgb.heic", "\(ignored) \(cut)"),
        ]
        let plain = try ListedAssets(ingesting: files.plain, into: try TemporaryFolder())

        let assets = try ListedAssets(ingesting: files.photos, into: folder)

        #expect(assets.ingest.status == 0, "\(assets.ingest.errors)")
        for (name, (same, warning)) in expected {
            let asset = try #require(assets[name], "\(name) was not listed")
            #expect(asset["status"] as? String == "ok", "\(name): \(asset["error"] ?? "")")
            #expect(asset["warning"] as? String == warning, "\(name)")
            #expect((asset["width"] as? Int, asset["height"] as? Int) == (360, 240), "\(name)")
            let difference = try assets.thumbnail(name).meanAbsoluteDifference(to: try plain.thumbnail(same))
            #expect(difference < 0.5, "\(name) differs from \(same) without a profile by \(difference)")
        }
        #expect(plain.byName.values.allSatisfy { $0["warning"] is NSNull && $0["status"] as? String == "ok" })
    }
}
