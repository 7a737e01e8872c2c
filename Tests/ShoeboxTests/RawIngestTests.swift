import Foundation
import Testing
@testable import Shoebox

/// Camera RAWs are catalogued as the picture they develop to, with the camera's own data, and
/// thumbnailed from their preview (or a half-size development), on the DNGs of
/// Tests/Fixtures/raw (432x288 Bayer data; `preview.dng` also embeds a 432x288 JPEG preview,
/// both a 96x64 RGB thumbnail in IFD0, as cameras write them).
@Suite struct RawIngestTests {
    static let fixtures = Fixtures.repository.appendingPathComponent("Tests/Fixtures/raw")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    func thumbnail(_ asset: AssetRecord, in library: TestLibrary, named name: String = "preview") throws -> VipsImage {
        let record = try #require(asset.thumbnails.first { $0.name == name })
        return try VipsImage.decode(Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(record.relativePath))))
    }

    /// The RGB pixel at a fraction of the width and height.
    func pixel(_ image: VipsImage, _ x: Double, _ y: Double) throws -> [Int] {
        let bytes = try image.pixelBytes()
        let bands = bytes.count / (image.width * image.height)
        let index = (Int(y * Double(image.height - 1)) * image.width + Int(x * Double(image.width - 1))) * bands
        return bytes[index..<index + 3].map(Int.init)
    }

    /// The bug this pins: a camera DNG's first IFD is a small preview, and libvips's TIFF loader
    /// catalogued that (96x64 here) as the photo.
    @Test func aCameraDNGIsCataloguedAtItsDevelopedSizeWithItsCameraData() throws {
        let library = try TestLibrary()
        try library.ingest([Self.fixture("preview.dng")])
        let asset = try #require(try library.asset(at: Self.fixture("preview.dng")))
        #expect(asset.status == .ok)
        #expect((asset.width, asset.height) == (432, 288))
        #expect(asset.format?.rawValue == "dng")
        #expect(asset.kind == .photo)
        #expect(asset.subtypes.map(\.rawValue) == ["raw"])
        #expect(asset.metadata.make == "Shoebox")
        #expect(asset.metadata.model == "Bayer Sample")
        #expect(asset.metadata.lensModel == "Shoebox 35mm F1.8")
        #expect(asset.metadata.takenAt == "2024-07-14T09:30:15")
        #expect(asset.metadata.takenAtSource == .exifDateTimeOriginal)
        #expect(asset.metadata.orientation == 1)
        #expect(asset.metadata.iso == 200)
        #expect(asset.metadata.fNumber == 5.6)
        #expect(asset.metadata.exposureTime == 0.004)
        #expect(asset.metadata.focalLength == 35)
        #expect(asset.metadata.location == GPSLocation(latitude: 45.5, longitude: -6.25))
        let thumb = try #require(asset.thumbnails.first { $0.name == "thumb" })
        #expect((thumb.width, thumb.height) == (256, 171))
    }

    /// A copy of a fixture in `folder` with IFD0's Orientation set to `tag` (LibRaw's flip).
    func turned(_ name: String, orientation tag: Int, in folder: TemporaryFolder) throws -> URL {
        let copy = folder.url.appendingPathComponent("turned-\(name)")
        try FileManager.default.copyItem(at: Self.fixture(name), to: copy)
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-IFD0:Orientation#=\(tag)", copy.path])
        return copy
    }

    @Test func thumbnailsComeFromTheEmbeddedPreviewWhenItCoversThem() throws {
        let library = try TestLibrary()
        try library.ingest([Self.fixture("preview.dng")])
        let asset = try #require(try library.asset(at: Self.fixture("preview.dng")))
        let preview = try thumbnail(asset, in: library)
        #expect((preview.width, preview.height) == (432, 288))
        #expect(asset.warning == nil)
        // The JPEG preview holds the scene's own colours (the development's are the sample
        // camera's): red 130, green 130, blue 90 in the middle.
        let middle = try pixel(preview, 0.5, 0.5)
        #expect(abs(middle[0] - 130) <= 12 && abs(middle[1] - 130) <= 12 && abs(middle[2] - 90) <= 12, "\(middle)")
    }

    @Test func aRAWWithoutALargeEnoughPreviewIsDevelopedAtHalfSize() throws {
        let library = try TestLibrary()
        try library.ingest([Self.fixture("no-preview.dng")])
        let asset = try #require(try library.asset(at: Self.fixture("no-preview.dng")))
        #expect(asset.status == .ok)
        #expect((asset.width, asset.height) == (432, 288))
        #expect(asset.metadata.takenAt == "2024-07-14T09:30:15")
        let preview = try thumbnail(asset, in: library)
        #expect((preview.width, preview.height) == (432, 288))
        // Upright: the white block top-left, not at the bottom-right where the red one is.
        #expect(try pixel(preview, 0.03, 0.05).allSatisfy { $0 > 220 })
        #expect(try pixel(preview, 0.97, 0.95).contains { $0 < 150 })
    }

    @Test func theRAWsFlipTurnsThePreviewUpright() throws {
        let folder = try TemporaryFolder()
        let file = try turned("preview.dng", orientation: 6, in: folder)
        let library = try TestLibrary()
        try library.ingest([Self.fixture("preview.dng"), file])
        let upright = try #require(try library.asset(at: Self.fixture("preview.dng")))
        let asset = try #require(try library.asset(at: file))
        #expect((asset.width, asset.height) == (288, 432))
        #expect(asset.metadata.orientation == 6)
        let expected = try thumbnail(upright, in: library).rotated(.quarter)
        let difference = try thumbnail(asset, in: library).meanAbsoluteDifference(to: expected)
        #expect(difference < 3, "the turned RAW's thumbnail differs from the upright one turned by \(difference)")
    }

    @Test func aDevelopedRAWComesOutUprightWithoutTurningTwice() throws {
        let folder = try TemporaryFolder()
        let file = try turned("no-preview.dng", orientation: 8, in: folder)
        let library = try TestLibrary()
        try library.ingest([file])
        let asset = try #require(try library.asset(at: file))
        #expect(asset.status == .ok)
        #expect((asset.width, asset.height) == (288, 432))
        #expect(asset.metadata.orientation == 8)
        let preview = try thumbnail(asset, in: library)
        #expect((preview.width, preview.height) == (288, 432))
        // Turned a quarter anticlockwise: the white block is now bottom-left.
        #expect(try pixel(preview, 0.05, 0.97).allSatisfy { $0 > 220 })
        #expect(try pixel(preview, 0.05, 0.03).contains { $0 < 150 })
    }

    @Test func aDevelopmentOverTheDecodeMemoryLimitIsRefusedAsTooLarge() throws {
        var configuration = try Fixtures.pipeline()
        configuration.limits.decodeMemoryBytes = 500_000
        let library = try TestLibrary()
        try library.ingest([Self.fixture("preview.dng"), Self.fixture("no-preview.dng")], configuration: configuration)
        let developed = try #require(try library.asset(at: Self.fixture("no-preview.dng")))
        #expect(developed.status == .failed)
        #expect(developed.errorClass == .tooLarge)
        #expect(developed.errorMessage?.hasSuffix("a half-size development of the RAW needs 0.7 MB at once; "
                                                  + "the pipeline's limits.decodeMemoryBytes allows 0.5 MB") == true,
                "\(developed.errorMessage ?? "")")
        let fromPreview = try #require(try library.asset(at: Self.fixture("preview.dng")))
        #expect(fromPreview.status == .ok)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/raw-identify"),
                   "raw-identify (Debian libraw-bin) is not installed: skipped"))
    func theCataloguedSizeIsLibRawsOutputSize() throws {
        let folder = try TemporaryFolder()
        let turned = try turned("no-preview.dng", orientation: 6, in: folder)
        let library = try TestLibrary()
        try library.ingest([Self.fixture("preview.dng"), turned])
        for file in [Self.fixture("preview.dng"), turned] {
            let report = String(decoding: try FixtureTool.run("raw-identify", ["-v", file.path]), as: UTF8.self)
            let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("Output size:") })
            let asset = try #require(try library.asset(at: file))
            let size = line.dropFirst("Output size:".count).split(separator: "x").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(size == ["\(asset.width)", "\(asset.height)"], "\(file.lastPathComponent): \(line)")
        }
    }

    /// A scanner's TIFF names Nikon in IFD0 like a NEF does: LibRaw refuses it, and it is the
    /// TIFF it is, not a failed RAW.
    @Test func aTIFFNamingARAWMakerIsStillATIFF() throws {
        let folder = try TemporaryFolder()
        let scan = folder.url.appendingPathComponent("scan.tif")
        try FixtureTool.run("vips", ["black", scan.path, "64", "48", "--bands", "3"])
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-Make=NIKON CORPORATION", "-Model=LS-5000", scan.path])
        let bytes = try Data(contentsOf: scan)
        #expect(bytes.withUnsafeBytes { FormatSniffer.format(ofFile: $0) } == .nef)
        let library = try TestLibrary()
        try library.ingest([scan])
        let asset = try #require(try library.asset(at: scan))
        #expect(asset.status == .ok)
        #expect(asset.format == .tiff)
        #expect((asset.width, asset.height) == (64, 48))
        #expect(asset.subtypes.isEmpty)
        #expect(asset.metadata.make == "NIKON CORPORATION")
    }

    @Test(arguments: [
        // preview, box, developed picture (stored orientation), covers
        ((6000, 4000), (1440, 960), (6000, 4000), true),   // a full-size preview
        ((1616, 1080), (1440, 960), (3039, 2014), true),   // a few pixels of sensor margin apart
        ((1440, 960), (1440, 960), (6000, 4000), true),    // exactly the box
        ((1439, 960), (1440, 960), (6000, 4000), false),   // one pixel short
        ((256, 171), (1440, 960), (6000, 4000), false),    // a camera DNG's IFD0 thumbnail
        ((1920, 1080), (1440, 960), (6000, 4000), false),  // a 16:9 preview of a 3:2 picture
        ((4000, 6000), (960, 1440), (4000, 6000), true),   // a portrait sensor
    ])
    func whenAPreviewCoversTheThumbnails(_ sizes: ((Int, Int), (Int, Int), (Int, Int), Bool)) {
        let (preview, box, stored, expected) = sizes
        #expect(RawImageDecoder.covers(PixelSize(width: preview.0, height: preview.1), box: PixelSize(width: box.0, height: box.1),
                                       stored: PixelSize(width: stored.0, height: stored.1)) == expected)
    }
}
