import Foundation
import Testing
@testable import ShoeboxMedia

/// A HEIC of noise made by libvips (`vips gaussnoise`, `vips heifsave`): one 1920 x 1280 picture,
/// no grid, 20 rows of 64-pixel blocks each coded in its wavefront, over a megabyte a plane. The
/// tests that hold two decodes of it to each other (two engines, one thread and two) compare
/// them on the same two plans.
enum NoiseHEIC {
    /// Makes the file, then calls `body` with its decoder, each plan (a thumbnail's shrink
    /// without the loop filters, a preview's with them) and a label for messages.
    static func eachPlan(_ body: (HEIFShrinkingDecoder, HEIFShrinkingDecoder.Plan, String) throws -> Void) throws {
        let folder = try TemporaryFolder()
        let noise = folder.url.appendingPathComponent("noise.png"), made = folder.url.appendingPathComponent("noise.heic")
        try FixtureTool.run("vips", ["gaussnoise", noise.path, "1920", "1280"])
        try FixtureTool.run("vips", ["heifsave", noise.path, made.path])
        let data = try Data(contentsOf: made)
        try data.withUnsafeBytes { raw in
            let decoder = try #require(HEIFShrinkingDecoder(raw))
            for (box, filtered) in [(PixelSize(width: 480, height: 320), false), (PixelSize(width: 960, height: 640), true)] {
                var plan = try #require(decoder.plan(covering: box))
                if filtered { plan.skipsLoopFilters = false }
                try body(decoder, plan, "\(box) filtered \(filtered)")
            }
        }
    }
}
