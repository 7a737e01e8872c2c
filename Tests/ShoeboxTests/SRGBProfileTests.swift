import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// An embedded sRGB profile converts nothing, so the decoders skip its ICC transform (building
/// one costs more than the rest of a small thumbnail); every other profile still converts.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
struct SRGBProfileTests {
    /// A real camera JPEG (2560x1600) carrying HP's `sRGB IEC61966-2.1` profile.
    static let srgbJPEG = Fixtures.corpus("exif-samples/jpg/tests/33-type_error.jpg")

    static func profile(of file: URL) throws -> [UInt8] {
        [UInt8](try FixtureTool.run("exiftool", ["-b", "-icc_profile", file.path]))
    }

    static func isSRGB(_ profile: [UInt8]) -> Bool { profile.withUnsafeBytes { ICCProfile.isSRGB($0) } }

    /// Apple's Display P3 profile (v4, parametric curves) with sRGB's colorants written over
    /// its own: the shape of Apple's and Google's compact sRGB profiles.
    static func compactSRGB() throws -> [UInt8] {
        var bytes = try profile(of: Fixtures.corpus("exif-samples/heic/mobile/iphone_13_pro_max.HEIC"))
        let tags = bytes.withUnsafeBytes { ICCProfile.tagTable($0) }
        for (tag, xyz) in ICCProfile.srgbColorants {
            let start = try #require(tags[tag]).lowerBound + 8
            for (index, value) in xyz.enumerated() {
                let fixed = UInt32(bitPattern: Int32((value * 65536).rounded()))
                for byte in 0..<4 { bytes[start + 4 * index + byte] = UInt8(truncatingIfNeeded: fixed >> (24 - 8 * byte)) }
            }
        }
        return bytes
    }

    @Test func sRGBProfilesAreRecognisedByTheirContent() throws {
        let folder = try TemporaryFolder()
        let vipsMade = folder.url.appendingPathComponent("vips-srgb.jpg")
        try FixtureTool.run("vips", ["icc_transform", Fixtures.sample("orientation/landscape_1.jpg").path, vipsMade.path,
                                     "srgb", "--input-profile", "srgb"])

        #expect(Self.isSRGB(try Self.profile(of: Self.srgbJPEG)), "HP's sRGB IEC61966-2.1 (sampled curves)")
        #expect(Self.isSRGB(try Self.profile(of: vipsMade)), "libvips's sRGB")
        #expect(Self.isSRGB(try Self.compactSRGB()), "a compact v4 sRGB (parametric curves)")
    }

    @Test func otherColourSpacesAreNotTakenForSRGB() throws {
        let others = [
            "Display P3": "exif-samples/heic/mobile/iphone_13_pro_max.HEIC",
            "Adobe RGB (1998)": "exiftool-t/ExifTool.jpg",
            "Apple Generic RGB (gamma 1.8)": "exif-samples/jpg/orientation/landscape_2.jpg",
        ]
        for (name, path) in others {
            #expect(!Self.isSRGB(try Self.profile(of: Fixtures.corpus(path))), "\(name)")
        }
        var gamma22 = try Self.compactSRGB()   // sRGB's primaries, a plain 2.2 gamma: dark tones differ
        let tags = gamma22.withUnsafeBytes { ICCProfile.tagTable($0) }
        let curve = try #require(tags["rTRC"]).lowerBound
        gamma22.replaceSubrange(curve + 8..<curve + 16, with: [0, 0, 0, 0, 0, 2, 0x33, 0x33])   // type 0, g = 2.2
        #expect(!Self.isSRGB(gamma22), "sRGB primaries with a gamma 2.2 curve")
    }

    @Test func skippingTheTransformForARealSRGBJPEGMovesNoPixelMoreThanTwoLevels() throws {
        let bytes = SourceBytes(copying: try Data(contentsOf: Self.srgbJPEG))
        let header = try VipsImage.header(of: bytes, format: .jpeg)
        let converted = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 256, 256, convertToSRGB: true)
        let taken = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 256, 256, convertToSRGB: false)

        #expect(!header.needsProfileTransform)
        let (a, b) = (try converted.pixelBytes(), try taken.pixelBytes())
        try #require(a.count == b.count && a.count == 256 * 160 * 3)
        let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "a pixel moved by \(largest) levels")
    }

    /// The sample photo with a Display P3 or Adobe RGB profile attached comes out with other
    /// colours than the same pixels without a profile: the transform still runs for them.
    @Test func aDisplayP3OrAdobeRGBJPEGIsStillConverted() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.subfolder("plain"), tagged = try folder.subfolder("tagged")
        let source = Fixtures.sample("orientation/landscape_1.jpg")
        try FileManager.default.copyItem(at: source, to: plain.appendingPathComponent("photo.jpg"))
        let profiles = ["p3.jpg": "exif-samples/heic/mobile/iphone_13_pro_max.HEIC", "adobe.jpg": "exiftool-t/ExifTool.jpg"]
        for (name, from) in profiles {
            let file = tagged.appendingPathComponent(name)
            try FileManager.default.copyItem(at: source, to: file)
            try FixtureTool.run("exiftool", ["-q", "-q", "-overwrite_original", "-tagsFromFile", Fixtures.corpus(from).path,
                                             "-icc_profile", file.path])
        }
        let without = try ListedAssets(ingesting: plain, into: try TemporaryFolder())

        let with = try ListedAssets(ingesting: tagged, into: folder)

        for name in profiles.keys {
            let difference = try with.thumbnail(name).meanAbsoluteDifference(to: try without.thumbnail("photo.jpg"))
            #expect(difference > 2, "\(name) differs from the untagged photo by only \(difference)")
        }
    }
}
