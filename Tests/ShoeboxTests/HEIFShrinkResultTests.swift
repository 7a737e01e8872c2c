import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// The HEVC route's shrunk pictures, pinned byte for byte: a change to the YCbCr shrink made
/// for speed (the 8-bit fast path, the general path for 10-bit) must not change one pixel.
/// Every pin moved once more when the sums' conversion to RGB went to fixed point (issue 14):
/// some values then round to the neighbouring level, never further (`YCbCrFixedPointCodingTests`
/// holds it to the exact conversion by at most 1).
@Suite struct HEIFShrinkResultTests {
    /// Size and FNV-1a 64 of the packed RGB of `file` shrunk to cover `box`.
    private func shrunk(_ url: URL, covering box: PixelSize) throws -> String {
        let data = try Data(contentsOf: url)
        let result = try #require(data.withUnsafeBytes { raw in
            HEIFShrinkingDecoder(raw)?.decode(covering: box)
        }, "\(url.lastPathComponent): the libde265 route declined")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in try result.image.pixelBytes() {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\(result.width)x\(result.height) \(String(hash, radix: 16))"
    }

    /// Shrinks of 2 and of 4 are pinned. The shrinks of 2 were re-pinned when HEVC's loop filters
    /// were dropped at 2 too (issue 14): before, 8-bit a480e1f00c72ec0f, 10-bit 2d5a34d4d7f34389,
    /// the iPhone's preview 38bf288925aab792; how far they moved is `HEIFLoopFilterTests`'.
    @Test func theEightBitSampleShrinksToTheSamePixels() throws {
        let photo = Fixtures.sample("photo.heic")
        let (half, quarter) = (try shrunk(photo, covering: PixelSize(width: 120, height: 80)),
                               try shrunk(photo, covering: PixelSize(width: 60, height: 40)))
        #expect(half == "240x160 d2fff32958368a2e")
        #expect(quarter == "120x80 ef06dbfb91cc1fea")
    }

    @Test func theTenBitSampleShrinksToTheSamePixels() throws {
        let photo = Fixtures.sample("photo-10bit.heic")
        let (half, quarter) = (try shrunk(photo, covering: PixelSize(width: 120, height: 80)),
                               try shrunk(photo, covering: PixelSize(width: 60, height: 40)))
        #expect(half == "240x160 20081732ed6085a3")
        #expect(quarter == "120x80 ddfb5eee43211a5")
    }

    /// A grid of 48 tiles, each added to the same sums: the preview's shrink of 2 and a
    /// thumbnail's of 6 (a box of 250 x 330, just more than the embedded 240 x 320 covers).
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func anIPhoneGridShrinksToTheSamePixels() throws {
        let iphone = Fixtures.corpus("exif-samples/heic/mobile/iphone_13_pro_max.HEIC")
        let (preview, thumbnail) = (try shrunk(iphone, covering: PixelSize(width: 1080, height: 1440)),
                                    try shrunk(iphone, covering: PixelSize(width: 250, height: 330)))
        #expect(preview == "2016x1512 836ea2c7dfb5a30b")
        #expect(thumbnail == "672x504 6dea96b5843480d9")
    }

    /// The iPhone's embedded 320 x 240 thumbnail converted whole (a shrink of 1, each chroma
    /// sample serving its 2 x 2 pixels) for the 192 x 256 box it covers.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func anIPhoneThumbnailConvertsToTheSamePixels() throws {
        let iphone = Fixtures.corpus("exif-samples/heic/mobile/iphone_13_pro_max.HEIC")
        #expect(try shrunk(iphone, covering: PixelSize(width: 192, height: 256)) == "320x240 36353542147a4628")
    }
}
