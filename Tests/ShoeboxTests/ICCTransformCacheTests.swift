import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// Embedded colour profiles converted to sRGB through lcms transforms built once per profile
/// (`ICCTransformCache`), with the pixels libvips's own `icc_transform` gives, byte for byte.
@Suite struct ICCTransformCacheTests {
    /// Fourteen photos of the shared corpus that carry the same "Generic RGB Profile".
    private static let genericRGB = ["landscape", "portrait"].flatMap { side in
        (2...8).map { "exif-samples/jpg/orientation/\(side)_\($0).jpg" }
    }

    private func decoded(_ relativePath: String) throws -> VipsImage {
        try Vips.start()
        return try VipsImage.decode(Data(contentsOf: Fixtures.corpus(relativePath)))
    }

    private func profile(_ relativePath: String) throws -> Data {
        try #require(try decoded(relativePath).blob(named: "icc-profile-data"), "\(relativePath) has no ICC profile")
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func photosSharingAProfileBuildOneTransformAndKeepLibvipssPixels() throws {
        let cache = ICCTransformCache(capacity: 4, output: VipsImage.libvipsSRGBProfile)
        for path in Self.genericRGB {
            let image = try decoded(path)
            let ours = try image.convertedToSRGB(cache: cache).inMemory()
            let libvips = try image.inSRGB().inMemory()   // libvips's icc_transform
            #expect(try ours.meanAbsoluteDifference(to: libvips) == 0, "\(path)")
            #expect(ours.blob(named: "icc-profile-data") == libvips.blob(named: "icc-profile-data"), "\(path)")
        }
        #expect(cache.transformsBuilt == 1)
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func theLeastRecentlyUsedProfileIsDroppedPastTheCapacity() throws {
        let cache = ICCTransformCache(capacity: 2, output: VipsImage.libvipsSRGBProfile)
        let generic = try profile(Self.genericRGB[0])
        let adobe = try profile("exiftool-t/ExifTool.jpg")
        let displayP3 = try #require(try VipsImage.header(of: SourceBytes(copying: Data(contentsOf:
            Fixtures.corpus("exif-samples/heic/IMG_5195.HEIC"))), format: .heic).blob(named: "icc-profile-data"))

        let first = try #require(cache.transform(for: generic))
        _ = cache.transform(for: adobe)
        #expect(cache.transform(for: generic) === first)   // kept, and now the most recently used
        _ = cache.transform(for: displayP3)                  // drops Adobe RGB
        #expect(cache.transform(for: generic) === first)
        #expect(cache.transformsBuilt == 3)
        _ = cache.transform(for: adobe)
        #expect(cache.transformsBuilt == 4)
    }

    @Test func aProfileLcmsCannotReadBuildsNothingAndIsNotKept() throws {
        try Vips.start()
        let cache = ICCTransformCache(capacity: 2, output: VipsImage.libvipsSRGBProfile)
        let garbage = Data(repeating: 0x5A, count: 200)
        #expect(cache.transform(for: garbage) == nil)
        #expect(cache.transform(for: garbage) == nil)
        #expect(cache.transformsBuilt == 0)
    }
}
