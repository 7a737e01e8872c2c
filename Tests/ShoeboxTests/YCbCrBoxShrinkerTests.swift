import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// The box shrinker adds a grid's tiles into sums it holds once: adding a tile must write into
/// those sums, never copy them (a copy a tile is what made an iPhone's 48-tile HEIC take twice
/// the CPU and 8 times the page faults).
@Suite struct YCbCrBoxShrinkerTests {
    /// Minor page faults of the calling thread so far (Linux's RUSAGE_THREAD, 1, which Glibc's
    /// module leaves out: other tests run in other threads of this process meanwhile).
    private func pageFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
    }

    /// One 8-bit 4:2:0 tile of `side` x `side`, a flat grey of luma `value`.
    private func withTile(side: Int, value: UInt8, _ body: (YCbCrPlanes) -> Void) {
        let luma = [UInt8](repeating: value, count: side * side), chroma = [UInt8](repeating: 128, count: side * side / 4)
        luma.withUnsafeBytes { luma in
            chroma.withUnsafeBytes { chroma in
                let plane = { (base: UnsafeRawBufferPointer, side: Int) in
                    YCbCrPlanes.Plane(base: base.baseAddress!, stride: side, width: side, height: side)
                }
                body(YCbCrPlanes(luma: plane(luma, side), chroma: (plane(chroma, side / 2), plane(chroma, side / 2)),
                                 chromaShift: (1, 1), streamMatrix: 1, streamFullRange: true))
            }
        }
    }

    @Test(.enabled(if: !Fixtures.underSanitizer, "counts page faults, which a sanitizer's shadow memory adds to: skipped"))
    func addingTilesWritesIntoTheSumsWithoutCopyingThem() {
        // A 4096 x 4096 picture halved: 3 x 2048 x 2048 16-bit sums, 24 MiB (6,144 pages).
        // As the CLI does: a copy of the sums is then a fresh mapping whose pages fault in, not
        // a reused heap block that would hide it.
        AllocatorTuning.returnLargeBuffersToTheSystem()
        var shrinker = YCbCrBoxShrinker<UInt16>(width: 4096, height: 4096, factor: 2, chromaShift: (1, 1))
        withTile(side: 512, value: 200) { tile in
            // The first tile gives the three planes' sums, made as one shared array, each its own.
            shrinker.add(tile, x: 0, y: 0)
            let before = pageFaults()
            for index in 1..<16 {
                shrinker.add(tile, x: (index % 8) * 512, y: (index / 8) * 512)
            }
            // Copying the sums once a tile would fault in 15 x 6,144 pages.
            #expect(pageFaults() - before < 1_000)
        }
        let rgb = shrinker.rgb(YCbCrCoding(matrix: 1, fullRange: true)!, monochrome: false)
        #expect(Array(rgb.prefix(3)) == [200, 200, 200])
        // The part no tile covered has sums of 0: Y 0 and Cb = Cr = 0, a dark green in BT.709.
        #expect(Array(rgb.suffix(3)) == [0, 84, 0])
    }

    /// Each output pixel is its box's mean whatever the tiles' rows: here a box's rows come
    /// from two tiles (rows 3 of the top tile, 4 and 5 of the bottom one), and the last boxes
    /// are cut short by the picture's edge. A 7 x 7 grey picture, sample (x, y) =
    /// (37 x + 11 y) mod 200, shrunk by 3 from a 7 x 4 tile and a 7 x 3 one below it.
    @Test func everyOutputPixelIsTheMeanOfItsBoxAcrossTiles() {
        var samples: [UInt8] = []
        for y in 0..<7 {
            for x in 0..<7 { samples.append(UInt8((37 * x + 11 * y) % 200)) }
        }
        var shrinker = YCbCrBoxShrinker<UInt16>(width: 7, height: 7, factor: 3, chromaShift: (0, 0))
        samples.withUnsafeBytes { picture in
            for (top, rows) in [(0, 4), (4, 3)] {
                let tile = YCbCrPlanes.Plane(base: picture.baseAddress! + top * 7, stride: 7, width: 7, height: rows)
                shrinker.add(YCbCrPlanes(luma: tile, chroma: nil, chromaShift: (0, 0), streamMatrix: 1, streamFullRange: true),
                             x: 0, y: top)
            }
        }
        let rgb = shrinker.rgb(YCbCrCoding(matrix: 1, fullRange: true)!, monochrome: true)
        // Grey: R = G = B, the box means rounded (136.8 -> 137, 103.1 -> 103, 80.7 -> 81).
        let expected: [UInt8] = [48, 137, 33, 81, 103, 66, 103, 81, 88]
        #expect(rgb == expected.flatMap { [$0, $0, $0] })
    }

    /// A shrink of 1 (an embedded thumbnail converted whole): every pixel keeps its own luma
    /// and takes the chroma sample that covers it, each 4:2:0 sample serving a 2 x 2 block, the
    /// last one cut by the odd edge. A 3 x 3 picture of luma 100 with chroma samples Cb = 60,
    /// 90, 150, 200 (row by row) and Cr = 128.
    @Test func aShrinkOfOneGivesEachPixelTheChromaSampleThatCoversIt() {
        let luma = [UInt8](repeating: 100, count: 9), cb: [UInt8] = [60, 90, 150, 200], cr = [UInt8](repeating: 128, count: 4)
        var shrinker = YCbCrBoxShrinker<UInt16>(width: 3, height: 3, factor: 1, chromaShift: (1, 1))
        luma.withUnsafeBytes { luma in
            cb.withUnsafeBytes { cb in
                cr.withUnsafeBytes { cr in
                    let plane = { (base: UnsafeRawBufferPointer, side: Int) in
                        YCbCrPlanes.Plane(base: base.baseAddress!, stride: side, width: side, height: side)
                    }
                    shrinker.add(YCbCrPlanes(luma: plane(luma, 3), chroma: (plane(cb, 2), plane(cr, 2)),
                                             chromaShift: (1, 1), streamMatrix: 1, streamFullRange: true), x: 0, y: 0)
                }
            }
        }
        let coding = YCbCrCoding(matrix: 1, fullRange: true)!
        let rgb = shrinker.rgb(coding, monochrome: false)
        let levels = { (cb: Int) -> [UInt8] in
            let shift = YCbCrFixedPointCoding.fractionBits
            let (r, g, b) = YCbCrFixedPointCoding(coding).rgb(y: 100 << shift, cb: cb << shift, cr: 128 << shift)
            return [r, g, b]
        }
        let sampleOfPixel = [60, 60, 90, 60, 60, 90, 150, 150, 200]
        #expect(shrinker.outputWidth == 3 && shrinker.outputHeight == 3)
        #expect(rgb == sampleOfPixel.flatMap(levels))
    }
}
