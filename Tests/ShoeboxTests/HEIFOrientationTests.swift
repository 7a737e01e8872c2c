import Foundation
import Testing
@testable import Shoebox

/// HEIC and AVIF are turned upright by their container's transforms (`irot`, `imir`) when the
/// primary image has any, and by their EXIF orientation when it has none (early iPhone HEICs,
/// converters that write only EXIF), never by both.
@Suite struct HEIFOrientationTests {
    /// `orientation/landscape_N.jpg` saved by libvips as `landscape_N.EXT`: its pixels as stored,
    /// EXIF orientation N, and no transformation property (libvips writes none).
    static func saved(_ tag: Int, as format: String, in folder: URL) throws -> URL {
        let output = folder.appendingPathComponent("landscape_\(tag).\(format)")
        let compression = format == "avif" ? ["--compression", "av1"] : []
        try FixtureTool.run("vips", ["heifsave", Fixtures.sample("orientation/landscape_\(tag).jpg").path, output.path,
                                     "--Q", "90"] + compression)
        return output
    }

    @Test func withoutContainerTransformsTheEXIFOrientationIsApplied() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        for format in ["heic", "avif"] {
            for tag in 1...8 { _ = try Self.saved(tag, as: format, in: photos) }
        }

        let assets = try ListedAssets(ingesting: photos, into: folder)

        for format in ["heic", "avif"] {
            let upright = try assets.thumbnail("landscape_1.\(format)")
            for tag in 1...8 {
                let name = "landscape_\(tag).\(format)"
                let asset = try #require(assets[name], "\(name) was not listed")
                #expect(asset["status"] as? String == "ok", "\(name): \(asset["error"] ?? "")")
                #expect(asset["orientation"] as? Int == tag, "\(name)")
                #expect((asset["width"] as? Int, asset["height"] as? Int) == (360, 240), "\(name) as displayed")
                let difference = try assets.thumbnail(name).meanAbsoluteDifference(to: upright)
                #expect(difference < 4, "\(name) differs from landscape_1.\(format) by \(difference)")
            }
        }
    }

    /// Stored on its side with EXIF orientation 6, and an `irot` of three quarter turns
    /// anticlockwise (one clockwise) that libheif applies: applying the EXIF tag as well would
    /// lay the picture on its other side.
    @Test func containerTransformsWinOverEXIF() throws {
        let folder = try TemporaryFolder()
        let made = try folder.subfolder("made"), photos = try folder.subfolder("photos")
        for format in ["heic", "avif"] {
            let plain = try Data(contentsOf: try Self.saved(6, as: format, in: made))
            let rotated = try HEIFRotationFixture.addingRotation(anticlockwiseQuarterTurns: 3, to: plain)
            let primary = try #require(rotated.withUnsafeBytes { HEIFContainer.parse($0) }?.primary)
            try #require(primary.properties.contains(.rotation(anticlockwiseQuarterTurns: 3)))
            let header = try VipsImage.header(of: SourceBytes(copying: rotated), format: format == "avif" ? .avif : .heic)
            try #require((header.width, header.height) == (360, 240), "libheif should apply the irot")
            try rotated.write(to: photos.appendingPathComponent("rotated.\(format)"))
            try FileManager.default.copyItem(at: try Self.saved(1, as: format, in: made),
                                             to: photos.appendingPathComponent("upright.\(format)"))
        }

        let assets = try ListedAssets(ingesting: photos, into: folder)

        for format in ["heic", "avif"] {
            let asset = try #require(assets["rotated.\(format)"])
            #expect(asset["status"] as? String == "ok", "\(format): \(asset["error"] ?? "")")
            #expect(asset["orientation"] as? Int == 6)
            #expect((asset["width"] as? Int, asset["height"] as? Int) == (360, 240), "\(format) as displayed")
            let difference = try assets.thumbnail("rotated.\(format)").meanAbsoluteDifference(to: try assets.thumbnail("upright.\(format)"))
            #expect(difference < 4, "rotated.\(format) differs from upright.\(format) by \(difference)")
        }
    }
}
