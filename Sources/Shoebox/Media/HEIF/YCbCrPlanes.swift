/// One decoded 8-bit picture's planes, borrowed from the decoder: valid only while the
/// closure that receives them runs.
struct YCbCrPlanes {
    struct Plane {
        let base: UnsafePointer<UInt8>
        let stride: Int
        let width: Int
        let height: Int
    }

    let luma: Plane
    /// Cb and Cr, nil for a monochrome picture.
    let chroma: (cb: Plane, cr: Plane)?
    /// 1 where chroma has half the luma resolution in that direction (4:2:0 is 1, 1).
    let chromaShift: (x: Int, y: Int)
    /// The stream's own colour description (HEVC VUI): matrix coefficients and range.
    let streamMatrix: Int
    let streamFullRange: Bool
}
