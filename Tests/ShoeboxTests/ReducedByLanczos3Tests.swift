import Foundation
import Testing
@testable import Shoebox

/// Which pictures the thumbnail fit reduces with `Lanczos3Resampler` (`reducedByLanczos3`):
/// 8-bit sRGB that shrinks, in memory or computed as it is read; the rest stay libvips's.
@Suite struct ReducedByLanczos3Tests {
    private static func decoded(_ url: URL) throws -> Shoebox.VipsImage {
        try Vips.start()
        return try VipsImage.decode(try Data(contentsOf: url))
    }

    private static let photo = Fixtures.sample("orientation/landscape_1.jpg")   // 360x240, sRGB
    private static let smaller = PixelSize(width: 120, height: 80)

    @Test func anSRGBPictureInMemoryIsReducedWithItsMetadata() throws {
        let picture = try Self.decoded(Self.photo)
        let reduced = try #require(try picture.reducedByLanczos3(to: Self.smaller))
        #expect((reduced.width, reduced.height, reduced.bands) == (120, 80, 3))
        #expect(reduced.loaderName == picture.loaderName)
        #expect(reduced.exifData == picture.exifData)
    }

    /// A picture libvips has not computed yet (here a lazy copy) is computed as the reduce
    /// reads it, to the same pixels.
    @Test func aLazyPictureIsReducedAlike() throws {
        let picture = try Self.decoded(Self.photo)
        let lazy = try picture.mirrored().mirrored()
        let fromMemory = try #require(try picture.reducedByLanczos3(to: Self.smaller))
        let fromLazy = try #require(try lazy.reducedByLanczos3(to: Self.smaller))
        #expect(try fromLazy.meanAbsoluteDifference(to: fromMemory) == 0)
    }

    /// A large lazy picture (here 1500x1000, a libvips enlargement) is streamed, never copied
    /// whole: the same pixels as from the picture computed into memory first.
    @Test func aLargeLazyPictureIsStreamedToTheSamePixels() throws {
        let large = try Self.decoded(Self.photo).resized(toWidth: 1500, height: 1000)
        let whole = try large.inMemory()
        let streamed = try #require(try large.reducedByLanczos3(to: PixelSize(width: 256, height: 171)))
        let fromWhole = try #require(try whole.reducedByLanczos3(to: PixelSize(width: 256, height: 171)))
        #expect(try streamed.meanAbsoluteDifference(to: fromWhole) == 0)
    }

    @Test func enlargementsAndUnchangedSizesAreLeftToLibvips() throws {
        let picture = try Self.decoded(Self.photo)
        #expect(try picture.reducedByLanczos3(to: PixelSize(width: 720, height: 480)) == nil)
        #expect(try picture.reducedByLanczos3(to: PixelSize(width: 360, height: 480)) == nil)
        #expect(try picture.reducedByLanczos3(to: PixelSize(width: 360, height: 240)) == nil)
    }

    @Test func greyAndAlphaPicturesAreLeftToLibvips() throws {
        let folder = try TemporaryFolder()
        let grey = folder.url.appendingPathComponent("grey.png"), alpha = folder.url.appendingPathComponent("alpha.png")
        try FixtureTool.run("vips", ["colourspace", Self.photo.path, grey.path, "b-w"])
        try FixtureTool.run("vips", ["bandjoin_const", Self.photo.path, alpha.path, "255"])
        #expect(try Self.decoded(grey).reducedByLanczos3(to: Self.smaller) == nil)
        #expect(try Self.decoded(alpha).reducedByLanczos3(to: Self.smaller) == nil)
    }

    /// The thumbnail fit takes the route: its pixels are the route's.
    @Test func theThumbnailFitIsTheRoutes() throws {
        let picture = try Self.decoded(Self.photo)
        let fitted = try picture.fittedInMemory(120, 120)
        let reduced = try #require(try picture.reducedByLanczos3(to: Self.smaller))
        #expect((fitted.width, fitted.height) == (120, 80))
        #expect(try fitted.meanAbsoluteDifference(to: reduced) == 0)
    }
}
