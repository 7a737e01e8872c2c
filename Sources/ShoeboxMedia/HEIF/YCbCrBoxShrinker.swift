/// Shrinks a YCbCr picture by a whole factor while it is still YCbCr: every output pixel is
/// the mean of the `factor` x `factor` luma samples (and the chroma samples) it covers, so
/// the full-size picture is never converted to RGB. This is what a JPEG decoder's DCT scaling
/// does for JPEG, done after the decode for HEVC, which has no such shortcut.
///
/// Pictures may arrive as tiles (a HEIF grid): `add` each at its place in the image. Samples of
/// more than 8 bits (10-bit AVIF) are summed as they are and brought to 8 bits in `rgb`, so
/// the output is 8-bit whatever the input's depth.
/// Samples outside `width` x `height` (a grid's right and bottom overhang) are ignored.
/// A factor of 1 (an embedded thumbnail a little larger than the box) converts without
/// shrinking: each subsampled chroma sample serves the luma samples it covers, as libheif
/// 1.15 (Debian 12's) upsamples for libvips.
///
/// The sums are `Sum`s, one per output pixel and plane: 16-bit ones when a box's sum fits
/// (`fits`: shrinks of up to 14 at 8 bits, 6 at 10), halving what the shrink holds, which at a
/// shrink of 2 is as much as a 4:2:0 picture's own planes.
package struct YCbCrBoxShrinker<Sum: FixedWidthInteger & UnsignedInteger> {
    let width: Int
    let height: Int
    let factor: Int
    let chromaShift: (x: Int, y: Int)
    let bitDepth: Int
    let outputWidth: Int
    let outputHeight: Int
    /// The chroma planes' size, how many chroma samples one chroma box spans each way, how
    /// many chroma boxes there are across, and how many output pixels share one chroma box
    /// (as a shift: 0, or the chroma shift at a factor of 1).
    private let chromaSize: (width: Int, height: Int)
    private let chromaBox: (width: Int, height: Int)
    private let chromaOutputWidth: Int
    private let chromaShared: (x: Int, y: Int)
    private var sumY: [Sum]
    private var sumCb: [Sum]
    private var sumCr: [Sum]

    /// Whether the sum of a `factor` x `factor` box of `bitDepth`-bit samples fits a `Sum`.
    static func fits(factor: Int, bitDepth: Int) -> Bool {
        let box = factor.multipliedReportingOverflow(by: factor)
        let most = box.partialValue.multipliedReportingOverflow(by: (1 << bitDepth) - 1)
        return !box.overflow && !most.overflow && most.partialValue <= Int(Sum.max)
    }

    /// What the sums hold for an output of `outputPixels`: three planes of `Sum`s.
    static func sumBytes(outputPixels: Int) -> Int { 3 * outputPixels * MemoryLayout<Sum>.size }

    /// `factor` must be 1 or, when chroma is subsampled, even, so chroma boxes align with luma
    /// boxes. `bitDepth` 8 to 16 (every tile added must have it).
    init(width: Int, height: Int, factor: Int, chromaShift: (x: Int, y: Int), bitDepth: Int = 8) {
        precondition(factor == 1 || (factor > 1 && factor % (1 << max(chromaShift.x, chromaShift.y)) == 0))
        precondition((8...16).contains(bitDepth))
        self.bitDepth = bitDepth
        self.width = width
        self.height = height
        self.factor = factor
        self.chromaShift = chromaShift
        outputWidth = (width + factor - 1) / factor
        outputHeight = (height + factor - 1) / factor
        let (sx, sy) = chromaShift
        chromaSize = ((width + (1 << sx) - 1) >> sx, (height + (1 << sy) - 1) >> sy)
        chromaBox = (max(factor >> sx, 1), max(factor >> sy, 1))
        chromaShared = factor == 1 ? (sx, sy) : (0, 0)
        chromaOutputWidth = (outputWidth + (1 << chromaShared.x) - 1) >> chromaShared.x
        let chromaOutputHeight = (outputHeight + (1 << chromaShared.y) - 1) >> chromaShared.y
        sumY = Array(repeating: 0, count: outputWidth * outputHeight)
        sumCb = Array(repeating: 0, count: chromaOutputWidth * chromaOutputHeight)
        sumCr = sumCb
    }

    /// Adds a picture (or a grid tile) whose top-left luma sample is at (`x`, `y`); its
    /// `bitDepth` must be the shrinker's.
    ///
    /// The sums are passed to a static function, never to a method of `self`: a method call
    /// while one of `self`'s arrays is borrowed `inout` takes a copy of `self`, which holds a
    /// second reference to that array, so every tile added copied the whole sums (48 copies
    /// of each plane's sums for an iPhone's grid).
    mutating func add(_ planes: YCbCrPlanes, x: Int, y: Int) {
        let luma = Box(limit: (width, height), factor: (factor, factor), outputWidth: outputWidth)
        Self.accumulate(planes.luma, wide: bitDepth > 8, x: x, y: y, box: luma, into: &sumY)
        guard let chroma = planes.chroma else { return }
        let origin = (x >> chromaShift.x, y >> chromaShift.y)
        let box = Box(limit: chromaSize, factor: chromaBox, outputWidth: chromaOutputWidth)
        Self.accumulate(chroma.cb, wide: bitDepth > 8, x: origin.0, y: origin.1, box: box, into: &sumCb)
        Self.accumulate(chroma.cr, wide: bitDepth > 8, x: origin.0, y: origin.1, box: box, into: &sumCr)
    }

    /// Packed 8-bit RGB, `outputWidth` x `outputHeight`, through `coding`'s matrix, in fixed
    /// point (`YCbCrFixedPointCoding`): each box's mean is its sum times a reciprocal of its
    /// sample count, worked out once a row (only the last column's boxes are narrower).
    func rgb(_ coding: YCbCrCoding, monochrome: Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: outputWidth * outputHeight * 3)
        out.withUnsafeMutableBufferPointer { rgb(coding, monochrome: monochrome, into: $0) }
        return out
    }

    /// `rgb`, written into `out` (at least `outputWidth` x `outputHeight` x 3 bytes: a libvips
    /// image's own pixels, so the picture is made once, where it is kept).
    func rgb(_ coding: YCbCrCoding, monochrome: Bool, into out: UnsafeMutableBufferPointer<UInt8>) {
        precondition(out.count >= outputWidth * outputHeight * 3)
        sumY.withUnsafeBufferPointer { sumY in
            sumCb.withUnsafeBufferPointer { sumCb in
                sumCr.withUnsafeBufferPointer { sumCr in
                    for oy in 0..<outputHeight {
                        convertRow(oy, YCbCrFixedPointCoding(coding), monochrome: monochrome,
                                   sums: (sumY, sumCb, sumCr), into: out)
                    }
                }
            }
        }
    }

    /// Output row `oy` of `rgb`. The sums' products never overflow (see `reciprocals`), so the
    /// arithmetic wraps rather than checks, and the buffers are read without bounds checks.
    @inline(__always)
    private func convertRow(_ oy: Int, _ fixed: YCbCrFixedPointCoding, monochrome: Bool,
                            sums: (y: UnsafeBufferPointer<Sum>, cb: UnsafeBufferPointer<Sum>, cr: UnsafeBufferPointer<Sum>),
                            into out: UnsafeMutableBufferPointer<UInt8>) {
        let grey = 128 << YCbCrFixedPointCoding.fractionBits
        let shift = Self.reciprocalShift
        let rows = min(factor, height - oy * factor)
        let chromaRow = oy >> chromaShared.y
        let chromaRows = min(chromaBox.height, chromaSize.height - chromaRow * chromaBox.height)
        let luma = reciprocals(rows: rows, box: factor, extent: width, boxes: outputWidth)
        let chroma = reciprocals(rows: chromaRows, box: chromaBox.width, extent: chromaSize.width, boxes: chromaOutputWidth)
        let row = oy * outputWidth, chromaBase = chromaRow * chromaOutputWidth
        for ox in 0..<outputWidth {
            let i = row + ox
            let y = (Int(sums.y[i]) &* (ox == outputWidth - 1 ? luma.last : luma.inner)) &>> shift
            var cb = grey, cr = grey
            if !monochrome {
                let chromaColumn = ox >> chromaShared.x
                let c = chromaBase + chromaColumn
                let reciprocal = chromaColumn == chromaOutputWidth - 1 ? chroma.last : chroma.inner
                cb = (Int(sums.cb[c]) &* reciprocal) &>> shift
                cr = (Int(sums.cr[c]) &* reciprocal) &>> shift
            }
            let (r, g, b) = fixed.rgb(y: y, cb: cb, cr: cr)
            out[i * 3] = r
            out[i * 3 + 1] = g
            out[i * 3 + 2] = b
        }
    }

    /// A sum times its reciprocal, shifted right by this, is the box's mean in 8-bit levels with
    /// `YCbCrFixedPointCoding.fractionBits` fraction bits.
    private static var reciprocalShift: Int { 48 - YCbCrFixedPointCoding.fractionBits }

    /// 2^48 over the sample count of a row's `boxes` boxes, `box` wide, times the depth's scale
    /// to 8 bits: the inner ones, and the last, cut by the plane's `extent`. A mean is below
    /// 2^8, so a product stays below 2^56; a sum below 2^32 (`fits` or `UInt32`) keeps the
    /// rounding of the reciprocal under half a unit of the result.
    private func reciprocals(rows: Int, box: Int, extent: Int, boxes: Int) -> (inner: Int, last: Int) {
        func reciprocal(_ columns: Int) -> Int {
            let divisor = (rows * columns) << (bitDepth - 8)
            return ((1 << 48) + divisor / 2) / divisor
        }
        return (reciprocal(box), reciprocal(min(box, extent - (boxes - 1) * box)))
    }

    /// A plane's extent (samples past it are ignored), how many of its samples an output box
    /// spans each way, and the output's width.
    private struct Box {
        let limit: (Int, Int)
        let factor: (Int, Int)
        let outputWidth: Int
    }

    /// Adds each sample of `plane`, placed at (`x`, `y`), to the sum of the box it falls in:
    /// bytes, or 16-bit words when `wide`, each through a loop of its own (the 8-bit one, every
    /// HEIC from a phone, neither branches nor widens per sample).
    private static func accumulate(_ plane: YCbCrPlanes.Plane, wide: Bool, x: Int, y: Int, box: Box, into sums: inout [Sum]) {
        if wide {
            accumulate(plane, UInt16.self, x: x, y: y, box: box, into: &sums)
        } else {
            accumulate(plane, UInt8.self, x: x, y: y, box: box, into: &sums)
        }
    }

    /// The caller keeps each box's sum within a `Sum` (`fits`); past it the sum wraps, it
    /// never traps.
    ///
    /// Two passes a band of rows (the rows one output row covers): the band's rows are summed
    /// column by column (`addRow`, contiguous, which the compiler vectorises), then each
    /// column's sum is added to its box's once. Adding every sample to its box's sum straight
    /// away made each sample a load and a store on the sums, dependent on the sample before
    /// it in the same box. Integer sums, so the result is the same whichever way they are added.
    private static func accumulate<Sample: FixedWidthInteger & UnsignedInteger>(
        _ plane: YCbCrPlanes.Plane, _: Sample.Type, x: Int, y: Int, box: Box, into sums: inout [Sum]
    ) {
        let (limit, factor, outputWidth) = (box.limit, box.factor, box.outputWidth)
        let columns = max(0, min(plane.width, limit.0 - x))
        let rows = max(0, min(plane.height, limit.1 - y))
        guard columns > 0 && rows > 0 else { return }
        let boxOfColumn = (0..<columns).map { (x + $0) / factor.0 }
        var columnSums = [Sum](repeating: 0, count: columns)
        sums.withUnsafeMutableBufferPointer { sums in
            boxOfColumn.withUnsafeBufferPointer { boxOfColumn in
                columnSums.withUnsafeMutableBufferPointer { columnSums in
                    var row = 0
                    while row < rows {
                        let outputRow = (y + row) / factor.1
                        let bandEnd = min(rows, (outputRow + 1) * factor.1 - y)
                        let base = outputRow * outputWidth
                        if bandEnd - row == 1 {   // one row (4:2:0 chroma at a shrink of 2): nothing to sum first
                            let source = (plane.base + row * plane.stride).assumingMemoryBound(to: Sample.self)
                            addToBoxes(source, count: columns, x: x, factor: factor.0, row: base, boxOfColumn, sums)
                        } else {
                            for bandRow in row..<bandEnd {
                                let source = (plane.base + bandRow * plane.stride).assumingMemoryBound(to: Sample.self)
                                addRow(source, into: columnSums, first: bandRow == row)
                            }
                            addToBoxes(UnsafePointer(columnSums.baseAddress!), count: columns, x: x, factor: factor.0, row: base,
                                       boxOfColumn, sums)
                        }
                        row = bandEnd
                    }
                }
            }
        }
    }

    /// Each of a row's `count` column values (samples, or a band's column sums) added to the sum
    /// of its box, the boxes of output row `row` (an index into `sums`), the values starting at
    /// column `x` of the image. Boxes one column wide (4:2:0 chroma at a shrink of 2) and two
    /// wide from an even column (luma at 2: a phone photo's preview) take loops the compiler
    /// vectorises; other widths look each column's box up in `boxOfColumn`. The same sums
    /// either way.
    @inline(__always)
    private static func addToBoxes<Value: FixedWidthInteger & UnsignedInteger>(
        _ values: UnsafePointer<Value>, count: Int, x: Int, factor: Int, row: Int,
        _ boxOfColumn: UnsafeBufferPointer<Int>, _ sums: UnsafeMutableBufferPointer<Sum>
    ) {
        let boxes = sums.baseAddress! + row + x / factor
        if factor == 1 {
            for column in 0..<count { boxes[column] &+= Sum(truncatingIfNeeded: values[column]) }
        } else if factor == 2 && x % 2 == 0 {
            for pair in 0..<count / 2 {
                boxes[pair] &+= Sum(truncatingIfNeeded: values[2 * pair]) &+ Sum(truncatingIfNeeded: values[2 * pair + 1])
            }
            if count % 2 == 1 { boxes[count / 2] &+= Sum(truncatingIfNeeded: values[count - 1]) }
        } else {
            for column in 0..<count { sums[row + boxOfColumn[column]] &+= Sum(truncatingIfNeeded: values[column]) }
        }
    }

    /// Each sample of a row added to (`first`: stored in) its column's sum.
    @inline(__always)
    private static func addRow<Sample: FixedWidthInteger & UnsignedInteger>(
        _ source: UnsafePointer<Sample>, into columnSums: UnsafeMutableBufferPointer<Sum>, first: Bool
    ) {
        if first {
            for column in 0..<columnSums.count { columnSums[column] = Sum(truncatingIfNeeded: source[column]) }
        } else {
            for column in 0..<columnSums.count { columnSums[column] &+= Sum(truncatingIfNeeded: source[column]) }
        }
    }
}
