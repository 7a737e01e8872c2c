import CResample

/// Reduces 8-bit interleaved pixels with a separable Lanczos-3 filter: the kernel libvips's
/// thumbnails use, over memory the caller owns.
///
/// Why not libvips's `resize`: in libvips 8.14 its horizontal pass is scalar C, and building
/// the operations (and compiling orc code for the vertical pass) costs about as much again as
/// the pixels: 3.2 ms of CPU for one phone photo's 504 x 378 -> 256 x 192 fit, about 8 % of
/// that photo's whole ingest (docs/BENCHMARKS.md, "the thumbnail fit's own Lanczos-3 reduce").
/// Here both passes run down whole rows (`sb_weighted_rows`, vectorised): the vertical one over
/// the input, the horizontal one over the reduced rows turned on their side, and back.
///
/// What the caller may rely on: each output pixel is the vertical pass's value, rounded to 8
/// bits, then reduced across (as libvips's `reducev` then `reduceh`); values are clamped to
/// 0...255 (the kernel's negative lobes overshoot at edges); a flat input gives the same flat
/// output. On photos, a fifth to two thirds of a level from libvips's own fit on average
/// (libvips samples the kernel at fixed sub-pixel steps, and pre-shrinks by a box past 2x).
package struct Lanczos3Resampler {
    let horizontal: ResamplingAxis
    let vertical: ResamplingAxis
    /// Samples per pixel, interleaved (3 for RGB).
    let bands: Int

    /// From `input` to `output` pixels: neither side may grow.
    init(from input: PixelSize, to output: PixelSize, bands: Int) {
        precondition(bands >= 1)
        horizontal = ResamplingAxis(from: input.width, to: output.width)
        vertical = ResamplingAxis(from: input.height, to: output.height)
        self.bands = bands
    }

    /// Reads `input` (rows `inputRowBytes` apart) and writes every output pixel to `output`
    /// (rows `outputRowBytes` apart).
    func resample(_ input: UnsafePointer<UInt8>, inputRowBytes: Int,
                  into output: UnsafeMutablePointer<UInt8>, outputRowBytes: Int) {
        // Rows in memory: the closure never throws.
        try! resample(rows: { input + $0 * inputRowBytes }, into: output, outputRowBytes: outputRowBytes)
    }

    /// Reads the input's rows from `rows` (row y's packed samples) and writes every output
    /// pixel to `output`. Rows are asked for in order, each output row's run top to bottom and
    /// runs moving down, and the oldest row asked for after row y is no more than
    /// `vertical.stride` rows above it: a `StreamedRows` keeping that many serves them.
    func resample(rows: (Int) throws -> UnsafePointer<UInt8>,
                  into output: UnsafeMutablePointer<UInt8>, outputRowBytes: Int) throws {
        let wide = horizontal.inputLength, across = horizontal.outputLength, high = vertical.outputLength
        let pixel = bands, band = Self.stripRows
        // The picture reduced down (wide x high) is held turned on its side (high x wide); each
        // pass writes `band` rows at a time into `strip`, turned at once into their place. A
        // pass writing its whole picture before the turn held two more pictures: 11 MB more
        // for a 2016 x 1512 -> 1440 x 1080 preview.
        let turned = UnsafeMutablePointer<UInt8>.allocate(capacity: wide * high * pixel)
        let strip = UnsafeMutablePointer<UInt8>.allocate(capacity: band * max(wide, high) * pixel)
        defer { turned.deallocate(); strip.deallocate() }
        for top in stride(from: 0, to: high, by: band) {
            let count = min(band, high - top)
            try Self.pass(vertical, rows: top ..< top + count, over: rows, samples: wide * pixel, into: strip,
                          rowBytes: wide * pixel)
            Self.transpose(strip, width: wide, height: count, pixel: pixel, into: turned + top * pixel, rowBytes: high * pixel)
        }
        for top in stride(from: 0, to: across, by: band) {
            let count = min(band, across - top)
            try Self.pass(horizontal, rows: top ..< top + count, over: { UnsafePointer(turned + $0 * high * pixel) },
                          samples: high * pixel, into: strip, rowBytes: high * pixel)
            Self.transpose(strip, width: high, height: count, pixel: pixel, into: output + top * pixel, rowBytes: outputRowBytes)
        }
    }

    /// One axis's pass over output rows `rows`: output row `r` is the weighted sum of `axis`'s
    /// run of input rows for `r`, `samples` bytes of each, written `r - rows.lowerBound` rows
    /// into `output`.
    private static func pass(_ axis: ResamplingAxis, rows wanted: Range<Int>, over input: (Int) throws -> UnsafePointer<UInt8>,
                             samples: Int, into output: UnsafeMutablePointer<UInt8>, rowBytes outputRowBytes: Int) throws {
        let rows = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: axis.stride)
        defer { rows.deallocate() }
        try axis.weights.withUnsafeBufferPointer { weights in
            for row in wanted {
                let start = Int(axis.starts[row]), count = Int(axis.counts[row])
                for tap in 0 ..< count { rows[tap] = try input(start + tap) }
                sb_weighted_rows(rows, weights.baseAddress! + row * axis.stride, Int32(count), Int32(samples),
                                 Int32(ResamplingAxis.shift), output + (row - wanted.lowerBound) * outputRowBytes)
            }
        }
    }

    /// `input` (`height` rows of `width` pixels, packed: a strip of at most `stripRows`, whose
    /// rows stay in the cache while each column is read down them) turned on its side: `width`
    /// rows of `height` pixels, rows `rowBytes` apart. RGB pixels move four bytes at a time
    /// (`turnRGBRun`): pixel by pixel down whole pictures, three single bytes each, the two turns
    /// took a third of the thumbnail fit's time.
    private static func transpose(_ input: UnsafePointer<UInt8>, width: Int, height: Int, pixel: Int,
                                  into output: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        for x in 0 ..< width {
            let source = input + x * pixel, target = output + x * rowBytes
            if pixel == 3 {
                turnRGBRun(from: source, stride: width * 3, count: height, into: target)
            } else {
                for y in 0 ..< height {
                    for band in 0 ..< pixel { target[y * pixel + band] = source[y * width * pixel + band] }
                }
            }
        }
    }

    /// Copies `count` RGB pixels, `stride` bytes apart from `source`, side by side to `target`.
    /// All but the last move as four bytes: the fourth read is the next pixel of the source
    /// row (there is one: the run's last pixel is never read so), the fourth written is the
    /// next pixel's first, written over by it.
    @inline(__always)
    private static func turnRGBRun(from source: UnsafePointer<UInt8>, stride: Int, count: Int,
                                   into target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        for y in 0 ..< count - 1 {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: y * stride, as: UInt32.self),
                          toByteOffset: y * 3, as: UInt32.self)
        }
        let last = count - 1
        target[last * 3] = source[last * stride]
        target[last * 3 + 1] = source[last * stride + 1]
        target[last * 3 + 2] = source[last * stride + 2]
    }

    /// The rows each pass writes at a time, turned at once: a strip's column is 16 cache lines,
    /// well inside a core's first-level cache.
    private static let stripRows = 16
}
