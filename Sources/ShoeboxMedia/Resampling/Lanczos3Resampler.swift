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
        let pixel = bands
        // Three pictures in turn: reduced down (wide x high), that turned (high x wide), and
        // that reduced down again (high x across), which turned back is the output.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: (2 * wide + across) * high * pixel)
        defer { scratch.deallocate() }
        let tall = scratch, turned = scratch + wide * high * pixel, reduced = turned + wide * high * pixel
        try Self.pass(vertical, over: rows, samples: wide * pixel, into: tall, rowBytes: wide * pixel)
        Self.transpose(tall, width: wide, height: high, pixel: pixel, into: turned, rowBytes: high * pixel)
        try Self.pass(horizontal, over: { UnsafePointer(turned + $0 * high * pixel) }, samples: high * pixel,
                      into: reduced, rowBytes: high * pixel)
        Self.transpose(reduced, width: high, height: across, pixel: pixel, into: output, rowBytes: outputRowBytes)
    }

    /// One axis's pass: output row `r` is the weighted sum of `axis`'s run of input rows for `r`,
    /// `samples` bytes of each.
    private static func pass(_ axis: ResamplingAxis, over input: (Int) throws -> UnsafePointer<UInt8>, samples: Int,
                             into output: UnsafeMutablePointer<UInt8>, rowBytes outputRowBytes: Int) throws {
        let rows = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: axis.stride)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: samples)
        defer { rows.deallocate(); sums.deallocate() }
        try axis.weights.withUnsafeBufferPointer { weights in
            for row in 0 ..< axis.outputLength {
                let start = Int(axis.starts[row]), count = Int(axis.counts[row])
                for tap in 0 ..< count { rows[tap] = try input(start + tap) }
                sb_weighted_rows(rows, weights.baseAddress! + row * axis.stride, Int32(count), Int32(samples),
                                 Int32(ResamplingAxis.shift), sums, output + row * outputRowBytes)
            }
        }
    }

    /// `input` (`height` rows of `width` pixels, packed) turned on its side: `width` rows of
    /// `height` pixels, rows `rowBytes` apart.
    private static func transpose(_ input: UnsafePointer<UInt8>, width: Int, height: Int, pixel: Int,
                                  into output: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        for y in 0 ..< height {
            var source = input + y * width * pixel
            var target = output + y * pixel
            for _ in 0 ..< width {
                if pixel == 3 {   // RGB, nearly always: three moves, not a call to memmove
                    target[0] = source[0]; target[1] = source[1]; target[2] = source[2]
                } else {
                    for band in 0 ..< pixel { target[band] = source[band] }
                }
                source += pixel
                target += rowBytes
            }
        }
    }
}
