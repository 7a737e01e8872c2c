import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia
@testable import ShoeboxParsers

/// HEIC's HEVC pictures are decoded by libavcodec (25-30 % less CPU than libde265, issue 14),
/// and what it gives the shrinker is today's libde265 picture: these pin both on real files.
@Suite struct HEVCEngineTests {
    /// Each file with a thumbnail's box (no loop filters) and a preview's (a shrink of 2).
    private static let corpusFiles: [(String, PixelSize, PixelSize)] = [
        ("exif-samples/heic/mobile/iphone_13_pro_max.HEIC", PixelSize(width: 192, height: 256), PixelSize(width: 960, height: 1280)),
        ("exif-samples/heic/IMG_5195.HEIC", PixelSize(width: 192, height: 256), PixelSize(width: 960, height: 1280)),
        ("exif-samples/heic/mobile/HMD_Nokia_8.3_5G.heif", PixelSize(width: 192, height: 256), PixelSize(width: 960, height: 1280)),
        ("exif-samples/heic/mobile/HMD_Nokia_8.3_5G_hdr.heif", PixelSize(width: 192, height: 256), PixelSize(width: 960, height: 1280)),
        ("exif-samples/heic/samplefilehub.heif", PixelSize(width: 80, height: 53), PixelSize(width: 320, height: 213)),
    ]

    /// `url` shrunk to cover `box` with each engine (loop filters as the route chooses, or on
    /// with `filtered`): the engines each result reports, and the largest and the summed
    /// absolute differences between the two results' RGB.
    private func compare(_ url: URL, covering box: PixelSize, filtered: Bool = false)
        throws -> (libavcodec: Set<HEVCEngine>, libde265: Set<HEVCEngine>, largest: Int, total: Int) {
        let data = try Data(contentsOf: url)
        return try data.withUnsafeBytes { raw in
            let decoder = try #require(HEIFShrinkingDecoder(raw))
            var plan = try #require(decoder.plan(covering: box), "\(url.lastPathComponent): the route declined")
            if filtered { plan.skipsLoopFilters = false }
            var today = plan
            today.hevcEngine = .libde265
            let new = try #require(decoder.decode(plan)), old = try #require(decoder.decode(today))
            #expect((new.width, new.height) == (old.width, old.height))
            var largest = 0, total = 0
            for (a, b) in zip(try new.image.pixelBytes(), try old.image.pixelBytes()) {
                largest = max(largest, abs(Int(a) - Int(b)))
                total += abs(Int(a) - Int(b))
            }
            return (new.hevcEngines, old.hevcEngines, largest, total)
        }
    }

    @Test func theRouteDecodesASampleHEICWithLibavcodec() throws {
        let data = try Data(contentsOf: Fixtures.sample("photo.heic"))
        let result = try #require(data.withUnsafeBytes { HEIFShrinkingDecoder($0)?.decode(covering: PixelSize(width: 60, height: 40)) })
        #expect(result.hevcEngines == [.libavcodec])
    }

    /// Shrinks of 2 and 4, the 2 also with the loop filters on: the same pixels, 8 and 10 bits.
    @Test(arguments: ["photo.heic", "photo-10bit.heic"])
    func libavcodecShrinksASampleToLibde265sPixels(_ name: String) throws {
        for (box, filtered) in [(PixelSize(width: 60, height: 40), false), (PixelSize(width: 120, height: 80), false),
                                (PixelSize(width: 120, height: 80), true)] {
            let outcome = try compare(Fixtures.sample(name), covering: box, filtered: filtered)
            #expect(outcome.libavcodec == [.libavcodec] && outcome.libde265 == [.libde265])
            #expect(outcome.largest == 0 && outcome.total == 0, "\(name) \(box) filtered \(filtered): \(outcome)")
        }
    }

    /// Grids of 48 and 42 tiles (iPhones), the Nokias' 63, a single picture: the thumbnail's
    /// shrink without loop filters, the preview's of 2 with them.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)),
          arguments: corpusFiles)
    func libavcodecShrinksARealHEICToLibde265sPixels(_ file: String, thumbnail: PixelSize, preview: PixelSize) throws {
        let url = Fixtures.corpus(file)
        for (box, filtered) in [(thumbnail, false), (preview, true)] {
            let outcome = try compare(url, covering: box, filtered: filtered)
            #expect(outcome.libavcodec == [.libavcodec] && outcome.libde265 == [.libde265])
            #expect(outcome.largest == 0 && outcome.total == 0, "\(file) \(box) filtered \(filtered): \(outcome)")
        }
    }

    /// A picture that lies whole in the file's bytes, with `SourceBytes`'s padding after the
    /// file, goes to libavcodec where it lies instead of as a padded copy: the same pixels.
    @Test(arguments: ["photo.heic", "photo-10bit.heic"])
    func aSamplesPictureReadWhereItLiesShrinksToTheCopysPixels(_ name: String) throws {
        try expectInPlaceShrinksMatchCopies(Fixtures.sample(name))
    }

    /// The same for an iPhone's 48 tiles and a single picture of the corpus.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)),
          arguments: ["exif-samples/heic/mobile/iphone_13_pro_max.HEIC", "exif-samples/heic/samplefilehub.heif"])
    func aRealPictureReadWhereItLiesShrinksToTheCopysPixels(_ file: String) throws {
        try expectInPlaceShrinksMatchCopies(Fixtures.corpus(file))
    }

    private func expectInPlaceShrinksMatchCopies(_ url: URL) throws {
        let (bytes, _) = try SourceFile.read(url.path, maxBytes: 1 << 30, pool: ReadBufferPool(capacity: 1))
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        let padded = try #require(HEIFShrinkingDecoder(raw, padding: SourceBytes.padding))
        let copied = try #require(HEIFShrinkingDecoder(raw))
        for box in [PixelSize(width: 60, height: 40), PixelSize(width: 120, height: 80)] {
            let inPlace = try #require(padded.decode(covering: box)), copy = try #require(copied.decode(covering: box))
            #expect(inPlace.hevcEngines == [.libavcodec])
            #expect(try inPlace.image.pixelBytes() == copy.image.pixelBytes(), "\(url.lastPathComponent) \(box)")
        }
    }

    /// What follows a coded picture decides whether it may be read in place: the rest of the
    /// file and its padding for an item of one extent, nothing for one joined from several.
    @Test func aPictureOfOneExtentIsFollowedByTheRestOfTheFileAndItsPadding() throws {
        let (bytes, _) = try SourceFile.read(Fixtures.sample("photo.heic").path, maxBytes: 1 << 30, pool: ReadBufferPool(capacity: 1))
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        let decoder = try #require(HEIFShrinkingDecoder(raw, padding: SourceBytes.padding))
        let primary = try #require(decoder.container.primary)
        try #require(primary.extents.count == 1)
        let extent = primary.extents[0]
        let following = primary.withData(in: raw) { decoder.readableBytes(after: $0) }
        #expect(following == raw.count - extent.upperBound + 64)
        let joined = [UInt8](raw[extent])
        #expect(joined.withUnsafeBytes { decoder.readableBytes(after: $0) } == 0)
    }

    /// A picture the decode-memory budget decodes alone may take a second thread
    /// (`DecodeMemoryGate`): libavcodec then decodes its wavefront rows side by side, and the
    /// shrunk picture must be the one a single thread gives, with the loop filters and without.
    @Test(.enabled(if: WholeDecodeLimitTests.available, "the vips tool is not installed: skipped"))
    func twoThreadsDecodeThePictureOneThreadDecodes() throws {
        try NoiseHEIC.eachPlan { decoder, one, label in
            var two = one
            two.decodeThreads = 2
            let single = try #require(decoder.decode(one)), threaded = try #require(decoder.decode(two))
            #expect(threaded.hevcEngines == [.libavcodec])
            #expect(try threaded.image.pixelBytes() == single.image.pixelBytes(), "\(label)")
        }
    }
}
