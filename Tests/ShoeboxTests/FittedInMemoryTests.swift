import CVips
import Foundation
import Testing
@testable import Shoebox

/// `VipsImage.fittedInMemory` computes each row of what it fits once, whoever made that image:
/// libvips's `vips_shrinkv` caches the rows it shrinks only for an input marked as read in
/// order, which libvips's loaders mark and an image made in memory by Shoebox (a direct JPEG
/// decode, a Display P3 conversion on top of it) is not. Without the cache, a fit that shrinks
/// by 2 or more (the 256 px thumbnail of a large picture decoded at 1/8, a panorama) computed
/// rows again for every strip asked of it.
@Suite struct FittedInMemoryTests {
    /// Counts the rows a line operation was asked for.
    private final class RowCounter: @unchecked Sendable {
        var rows = 0
    }

    /// A `width` x `height` grey RGB image made in memory, behind a pass-through line operation
    /// that counts the rows computed through it (as the Display P3 conversion sits behind a fit).
    private static func countedImage(width: Int, height: Int, counter: RowCounter) throws -> Shoebox.VipsImage {
        let pixels = [UInt8](repeating: 128, count: width * height * 3)
        let made = try pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: width, height: height) }
        let state = Unmanaged.passRetained(counter).toOpaque()
        return try VipsImage.make("count rows") { out in
            sb_vips_map_lines(made.pointer, out, { state, input, output, width in
                guard let state, let input, let output else { return }
                Unmanaged<RowCounter>.fromOpaque(state).takeUnretainedValue().rows += 1
                output.update(from: input, count: Int(width) * 3)
            }, { state in
                if let state { Unmanaged<RowCounter>.fromOpaque(state).release() }
            }, state)
        }
    }

    /// A 12000 x 8000 JPEG decoded at 1/8 (1500 x 1000) fitted into bench-256's 256 px box:
    /// `vips_resize` shrinks it by 2 on each axis, then reduces; each of its 1,000 rows is
    /// computed once (3,496 rows without the line cache).
    @Test func anImageMadeInMemoryIsFittedComputingEachRowOnce() throws {
        try Vips.start()
        let counter = RowCounter()
        let image = try Self.countedImage(width: 1500, height: 1000, counter: counter)

        let fitted = try image.fittedInMemory(256, 256)

        #expect((fitted.width, fitted.height) == (256, 171))
        #expect(counter.rows == 1000)
    }
}
