import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// HEVC's in-loop filters (deblocking, SAO) are skipped from a shrink of 2 up: the preview's
/// box shrink averages 4 samples a pixel, and what the filters fix hardly survives it. These
/// pin how far the preview's shrink without them stays from the one with them.
@Suite struct HEIFLoopFilterTests {
    /// The mean and the largest absolute difference per pixel and band between `file` shrunk to
    /// cover `box` as the route does and the same plan decoded with the filters; and the plan.
    private func distanceToFilteredDecode(_ url: URL, covering box: PixelSize)
        throws -> (plan: HEIFShrinkingDecoder.Plan, mean: Double, largest: Int) {
        let data = try Data(contentsOf: url)
        return try data.withUnsafeBytes { raw in
            let decoder = try #require(HEIFShrinkingDecoder(raw))
            let plan = try #require(decoder.plan(covering: box), "\(url.lastPathComponent): the libde265 route declined")
            var filtered = plan
            filtered.skipsLoopFilters = false
            let ours = try #require(decoder.decode(covering: box)).image.pixelBytes()
            let reference = try #require(decoder.decode(filtered)).image.pixelBytes()
            #expect(ours.count == reference.count)
            var total = 0, largest = 0
            for (a, b) in zip(ours, reference) {
                let difference = abs(Int(a) - Int(b))
                total += difference
                largest = max(largest, difference)
            }
            return (plan, Double(total) / Double(ours.count), largest)
        }
    }

    /// Measured 0.127 mean, 12 at most (on the bench corpus's 24 HEICs at 1440 px: 0.12-0.37
    /// mean, 7-15 at most, over 8 levels for at most 1 value in 100,000).
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func anIPhonePreviewWithoutLoopFiltersStaysCloseToTheFilteredOne() throws {
        let iphone = Fixtures.corpus("exif-samples/heic/mobile/iphone_13_pro_max.HEIC")
        let (plan, mean, largest) = try distanceToFilteredDecode(iphone, covering: PixelSize(width: 1080, height: 1440))
        #expect(plan.factor == 2 && plan.skipsLoopFilters)
        #expect(mean > 0, "the filters were not skipped")
        #expect(mean < 0.25, "mean difference \(mean)")
        #expect(largest <= 20, "largest difference \(largest)")
    }

    /// Measured 0.172 mean, 6 at most.
    @Test func theSampleShrunkByTwoWithoutLoopFiltersStaysCloseToTheFilteredOne() throws {
        let (plan, mean, largest) = try distanceToFilteredDecode(Fixtures.sample("photo.heic"),
                                                                 covering: PixelSize(width: 120, height: 80))
        #expect(plan.factor == 2 && plan.skipsLoopFilters)
        #expect(mean > 0, "the filters were not skipped")
        #expect(mean < 0.35, "mean difference \(mean)")
        #expect(largest <= 12, "largest difference \(largest)")
    }
}
