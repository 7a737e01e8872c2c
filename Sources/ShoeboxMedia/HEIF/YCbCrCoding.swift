/// How a picture's Y, Cb and Cr map to RGB: the matrix coefficients and the range of an
/// `nclx` colour box (or the HEVC stream's own VUI), as ITU-T H.273 numbers them.
package struct YCbCrCoding: Equatable {
    let kr: Double
    let kb: Double
    let fullRange: Bool

    /// nil for codings this converter does not do (identity/GBR, YCgCo, ICtCp...).
    init?(matrix: Int, fullRange: Bool) {
        switch matrix {
        case 1: (kr, kb) = (0.2126, 0.0722)            // BT.709
        case 2, 5, 6: (kr, kb) = (0.299, 0.114)        // unspecified (taken as BT.601, as libheif does), BT.601
        case 9, 10: (kr, kb) = (0.2627, 0.0593)        // BT.2020
        default: return nil
        }
        self.fullRange = fullRange
    }

    func rgb(y: Double, cb: Double, cr: Double) -> (UInt8, UInt8, UInt8) {
        let luma = fullRange ? y : (y - 16) * 255 / 219
        let scale = fullRange ? 1.0 : 255.0 / 224
        let blue = (cb - 128) * scale, red = (cr - 128) * scale
        let r = luma + (2 - 2 * kr) * red
        let b = luma + (2 - 2 * kb) * blue
        let g = (luma - kr * r - kb * b) / (1 - kr - kb)
        return (Self.clamp(r), Self.clamp(g), Self.clamp(b))
    }

    private static func clamp(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
