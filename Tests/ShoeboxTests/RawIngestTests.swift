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
}
