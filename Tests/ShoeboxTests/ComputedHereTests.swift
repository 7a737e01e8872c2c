import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// `VipsImage.computedHere()` computes an image's pixels on the calling thread, without a
/// libvips thread pool, and they are the pool's pixels; the fits libvips computes (the
/// pictures the Lanczos-3 route leaves) go through it, and that route reads its rows on the
/// calling thread too (docs/BENCHMARKS.md, "branch idle": the pool's hand-overs were most of
/// the decode worker's sleeps).
@Suite struct ComputedHereTests {
    /// The threads that computed rows of a line operation.
    private final class ThreadRecorder: @unchecked Sendable {
        private let lock = NSLock()
        private var seen = Set<UInt>()
        var threads: Set<UInt> { lock.lock(); defer { lock.unlock() }; return seen }
        func record() { lock.lock(); seen.insert(UInt(pthread_self())); lock.unlock() }
    }

    /// A 1500 x 1000 picture (a 12000 x 8000 JPEG decoded at 1/8) fitted into bench-256's box:
    /// every row is computed by the thread that asked for the fit, none by a libvips worker.
    @Test func aFitIsComputedOnTheCallingThread() throws {
        try Vips.start()
        let recorder = ThreadRecorder()
        let image = try RowWatchedImage.make(width: 1500, height: 1000) { recorder.record() }

        let fitted = try image.fittedInMemory(256, 256)

        #expect((fitted.width, fitted.height) == (256, 171))
        #expect(recorder.threads == [UInt(pthread_self())])
    }

    /// samples/panorama.jpg (1200 x 300) and samples/tall.jpg, decoded and fitted into 256 px
    /// and 1440 px boxes (the fit's strips are cut at other rows for each size): byte for byte
    /// what libvips's thread pool (`inMemory()`) computes from the same image.
    @Test(arguments: ["panorama.jpg", "tall.jpg"], [256, 1440])
    func thePixelsAreThePoolsPixels(sample: String, box: Int) throws {
        try Vips.start()
        let bytes = SourceBytes(copying: try Data(contentsOf: Fixtures.sample(sample)))
        let header = try VipsImage.header(of: bytes, format: .jpeg)
        let decoded = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 4096, 4096, convertToSRGB: false)
        let fit = ThumbnailSizing.fitSize(PixelSize(width: decoded.width, height: decoded.height),
                                          box: PixelSize(width: box, height: box))
        let lazy = try decoded.resized(toWidth: fit.width, height: fit.height)

        let here = try lazy.computedHere()
        let pool = try lazy.inMemory()

        #expect((here.width, here.height, here.bands) == (pool.width, pool.height, pool.bands))
        #expect(try here.pixelBytes() == pool.pixelBytes())
    }

    /// A contact sheet's grid (`vips_arrayjoin` of cells fitted as the ingest fits, so marked
    /// as read in order) asks libvips for small tiles; computed here, it is read in full rows
    /// and is byte for byte the pool's grid. In 128 px tiles it read freed memory and crashed.
    @Test func aGridOfFittedCellsIsThePoolsGrid() throws {
        try Vips.start()
        let cells = try ["panorama.jpg", "tall.jpg", "orientation/landscape_6.jpg", "panorama.jpg"].map { sample in
            let bytes = SourceBytes(copying: try Data(contentsOf: Fixtures.sample(sample)))
            let cell = try VipsImage.decodeShrunkJPEG(bytes, header: try VipsImage.header(of: bytes, format: .jpeg),
                                                      fitting: 200, 200, convertToSRGB: false)
            return try cell.sheetCell(caption: sample, cell: 200, captionHeight: 30)
        }
        let grid = try VipsImage.sheetGrid(cells, across: 2, gap: 10)

        let here = try grid.computedHere()
        let pool = try grid.inMemory()

        #expect((here.width, here.height) == (430, 490))
        #expect(try here.pixelBytes() == pool.pixelBytes())
    }
}
