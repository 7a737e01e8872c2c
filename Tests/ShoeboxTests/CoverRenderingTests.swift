import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Cover images: square attention crops at the requested sizes, upright, rendered again only
/// when their source changes.
@Suite struct CoverRenderingTests {
    func renderer(_ library: TestLibrary, sizes: [Int]) throws -> CoverRenderer {
        CoverRenderer(catalog: library.catalog, library: library.library, configuration: try Fixtures.pipeline(), sizes: sizes)
    }

    func render(_ library: TestLibrary, _ album: AlbumReference, sizes: [Int] = [512]) throws -> CoverOutcome {
        try renderer(library, sizes: sizes).render(try #require(try library.catalog.summary(of: album)))
    }

    func image(_ library: TestLibrary, _ album: AlbumReference, named name: String) throws -> VipsImage {
        let summary = try #require(try library.catalog.summary(of: album))
        let record = try #require(summary.covers.first { $0.name == name })
        return try VipsImage.decode(Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(record.relativePath))))
    }

    func userAlbum(_ library: TestLibrary, _ title: String, _ files: [String]) throws {
        _ = try library.catalog.createAlbum(titled: title)
        let ids = try files.map { try #require(try library.asset(at: Fixtures.sample($0))).id }
        try library.catalog.addAssets(ids, to: title)
    }

    /// 900x300, flat grey, with a red disc (radius 70) centred at x = 780: far right of centre.
    /// A centre square (x 300...600) would hold none of it.
    static func offCentreSubject() throws -> Data {
        let (width, height) = (900, 300)
        var pixels = [UInt8](repeating: 120, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let distance = Double((x - 780) * (x - 780) + (y - 150) * (y - 150)).squareRoot()
                guard distance <= 74 else { continue }
                let colour: [UInt8] = distance <= 70 ? [230, 30, 30] : [20, 20, 20]
                pixels.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: colour)
            }
        }
        let image = try pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: width, height: height) }
        return try image.encoded(as: .png, quality: 100)
    }

    static func redFraction(_ image: VipsImage) throws -> Double {
        let bytes = try image.pixelBytes()
        var red = 0
        for offset in stride(from: 0, to: bytes.count, by: image.bands) where bytes[offset] > 180 && bytes[offset + 1] < 90 {
            red += 1
        }
        return Double(red) / Double(image.width * image.height)
    }

    @Test func coverImagesAreSquaresOfEachRequestedSize() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        try userAlbum(library, "Shapes", ["panorama.jpg", "tall.jpg"])
        let outcome = try render(library, .user("Shapes"), sizes: [64, 150])
        #expect(outcome.rendered == ["cover-64", "mosaic-64", "cover-150", "mosaic-150"])
        for (name, size) in [("cover-64", 64), ("mosaic-64", 64), ("cover-150", 150), ("mosaic-150", 150)] {
            let cover = try image(library, .user("Shapes"), named: name)
            #expect((cover.width, cover.height) == (size, size), "\(name)")
        }
        let records = try #require(try library.catalog.summary(of: .user("Shapes"))).covers
        #expect(records.map { "\($0.name) \($0.width)x\($0.height)" } == ["cover-150 150x150", "cover-64 64x64",
                                                                             "mosaic-150 150x150", "mosaic-64 64x64"])
    }

    @Test func theSmartCropKeepsAnOffCentreSubjectInTheSquare() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("subject")
        try Self.offCentreSubject().write(to: folder.appendingPathComponent("disc.png"))
        try library.ingest([folder])
        _ = try render(library, .folder("subject"), sizes: [128])
        let cover = try image(library, .folder("subject"), named: "cover-128")
        // The disc fills about 17% of a square that holds it whole, and 0% of the centre square.
        #expect(try Self.redFraction(cover) > 0.12)
    }

    @Test func coversAreUprightWhateverTheOrientationTag() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("orientation")])
        try userAlbum(library, "Reference", ["orientation/landscape_1.jpg"])
        _ = try render(library, .user("Reference"), sizes: [160])
        let expected = try image(library, .user("Reference"), named: "cover-160")
        for tag in 2...8 {
            try userAlbum(library, "Tag \(tag)", ["orientation/landscape_\(tag).jpg"])
            _ = try render(library, .user("Tag \(tag)"), sizes: [160])
            let difference = try image(library, .user("Tag \(tag)"), named: "cover-160").meanAbsoluteDifference(to: expected)
            #expect(difference < 4, "orientation \(tag) differs from orientation 1 by \(difference)")
        }
    }

    @Test func aSecondRunRendersNothingUntilTheCoverChanges() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("orientation/landscape_1.jpg"), Fixtures.sample("panorama.jpg")])
        try userAlbum(library, "Trip", ["orientation/landscape_1.jpg", "panorama.jpg"])
        #expect(try render(library, .user("Trip")).rendered == ["cover-512", "mosaic-512"])
        let first = try #require(try library.catalog.summary(of: .user("Trip"))).covers
        let again = try render(library, .user("Trip"))
        #expect(again.rendered == [] && again.unchanged == ["cover-512", "mosaic-512"])
        #expect(try library.catalog.summary(of: .user("Trip"))?.covers == first)

        let panorama = try #require(try library.asset(at: Fixtures.sample("panorama.jpg")))
        try library.catalog.insertAssets([panorama.id], into: "Trip", at: 0)
        #expect(try render(library, .user("Trip")).rendered == ["cover-512", "mosaic-512"])
        let second = try #require(try library.catalog.summary(of: .user("Trip"))).covers
        #expect(zip(first, second).allSatisfy { $0.relativePath != $1.relativePath })
        #expect(try renderer(library, sizes: [512]).removeUnusedFiles() == 2)
        #expect(first.allSatisfy { !library.library.fileExists($0.relativePath) })
        #expect(second.allSatisfy { library.library.fileExists($0.relativePath) })
    }

    @Test func aNewSpecRendersAgain() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("panorama.jpg")])
        try userAlbum(library, "Trip", ["panorama.jpg"])
        _ = try render(library, .user("Trip"), sizes: [128])
        #expect(try render(library, .user("Trip"), sizes: [96, 128]).rendered == ["cover-96", "mosaic-96"])
    }

    @Test func aMosaicOfFewerThanFourAssetsLeavesItsEmptyCellsGrey() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("panorama.jpg")])
        try userAlbum(library, "Single", ["panorama.jpg"])
        _ = try render(library, .user("Single"), sizes: [100])
        let mosaic = try image(library, .user("Single"), named: "mosaic-100")
        let bytes = try mosaic.pixelBytes()
        let bottomRight = ((75 * 100) + 75) * mosaic.bands
        #expect(bytes[bottomRight..<bottomRight + 3].allSatisfy { (124...132).contains($0) })
    }

    @Test func aVideosCoverIsItsUprightPosterFrame() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("video")])
        #expect(try render(library, .folder("video"), sizes: [96]).rendered == ["cover-96", "mosaic-96"])
        let cover = try image(library, .folder("video"), named: "cover-96")
        #expect((cover.width, cover.height) == (96, 96))
        // The thumbnail is the ingest's own upright poster frame: the cover is a square of it.
        let asset = try #require(try library.asset(at: Fixtures.sample("video/portrait.mp4")))
        let thumb = try #require(asset.thumbnails.first { $0.name == "thumb" })
        let poster = try VipsImage.decode(Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(thumb.relativePath))))
        #expect(poster.height > poster.width, "the poster frame is portrait, as displayed")
        let expected = try poster.smartCroppedSquare(side: poster.width).resized(toWidth: 96, height: 96)
        let difference = try cover.meanAbsoluteDifference(to: expected)
        #expect(difference < 8, "the cover differs from the poster frame by \(difference)")
    }

    @Test func aLivePhotosCoverIsItsStill() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("live/with-id")])
        _ = try render(library, .folder("with-id"), sizes: [64])
        let still = try #require(try library.asset(at: Fixtures.sample("live/with-id/IMG_0001.JPG")))
        #expect(still.kind == .livePhoto)
        let summary = try #require(try library.catalog.summary(of: .folder("with-id")))
        #expect(summary.coverAssetID == still.id && summary.covers.count == 2)
        let cover = try #require(summary.covers.first { $0.name == "cover-64" })
        #expect(cover.relativePath.hasPrefix("covers/\(still.contentHash!.prefix(2))/\(still.contentHash!)-"))
    }

    @Test func aChangedOriginalIsNotRenderedAsTheCataloguedOne() throws {
        let library = try TestLibrary()
        let folder = try library.folder.folder("edited", copying: [Fixtures.sample("panorama.jpg")])
        try library.ingest([folder])
        try Data(contentsOf: Fixtures.sample("tall.jpg")).write(to: folder.appendingPathComponent("panorama.jpg"))
        #expect(throws: CoverError.self) { try render(library, .folder("edited")) }
    }
}
