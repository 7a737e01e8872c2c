import CVips
import Foundation
import Testing
@testable import Shoebox

/// `VipsImage.fittedInMemory` computes each row of what it fits once, whoever made that image
/// (a direct JPEG decode, a Display P3 conversion on top of it). Its Lanczos-3 route streams the
/// rows in order (`StreamedRows`); libvips's resize, for the pictures that route leaves,
/// caches the rows `vips_shrinkv` shrinks only for an input marked as read in order, which the
/// fit marks. Before either, a fit that shrinks by 2 or more (the 256 px thumbnail of a large
/// picture decoded at 1/8, a panorama) computed rows again for every strip asked of it.
@Suite struct FittedInMemoryTests {
    /// Counts the rows a line operation was asked for.
    private final class RowCounter: @unchecked Sendable {
        var rows = 0
    }

    /// A 12000 x 8000 JPEG decoded at 1/8 (1500 x 1000) fitted into bench-256's 256 px box:
    /// each of its 1,000 rows is computed once (3,496 through `vips_resize` without its line
    /// cache).
    @Test func anImageMadeInMemoryIsFittedComputingEachRowOnce() throws {
        try Vips.start()
        let counter = RowCounter()
        let image = try RowWatchedImage.make(width: 1500, height: 1000) { counter.rows += 1 }

        let fitted = try image.fittedInMemory(256, 256)

        #expect((fitted.width, fitted.height) == (256, 171))
        #expect(counter.rows == 1000)
    }
}
