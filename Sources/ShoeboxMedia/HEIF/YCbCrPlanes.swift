/// One decoded picture's planes, borrowed from the decoder: valid only while the closure that
/// receives them runs. Samples are bytes at 8 bits, native 16-bit words (the value in the low
/// bits) above 8.
package struct YCbCrPlanes {
    struct Plane {
        let base: UnsafeRawPointer
        /// Bytes from one row to the next.
        let stride: Int
        let width: Int
        let height: Int
    }

    let luma: Plane
    /// Cb and Cr, nil for a monochrome picture.
    let chroma: (cb: Plane, cr: Plane)?
    /// 1 where chroma has half the luma resolution in that direction (4:2:0 is 1, 1).
    let chromaShift: (x: Int, y: Int)
    /// The stream's own colour description (HEVC VUI, AV1 sequence header): matrix
    /// coefficients and range.
    let streamMatrix: Int
    let streamFullRange: Bool
    /// Bits a sample: 8, or 10 or 12 in 16-bit words.
    var bitDepth = 8
}
