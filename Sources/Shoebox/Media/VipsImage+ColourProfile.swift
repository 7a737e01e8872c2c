import CVips
import Foundation

extension VipsImage {
    /// What the decoded pixels are, as an ICC profile names them: CMYK when libvips reads
    /// ink (a CMYK JPEG or TIFF), greyscale for one band (two with alpha), RGB otherwise.
    var pixelColourSpace: ICCProfile.ColourSpace {
        if vips_image_get_interpretation(pointer) == VIPS_INTERPRETATION_CMYK { return .cmyk }
        return bands <= 2 ? .grey : .rgb
    }

    /// Why the embedded ICC profile cannot convert these pixels (`ICCProfile.problem`); nil
    /// when it can, or when there is none. Read from a header, before any pixel is decoded.
    var iccProfileProblem: String? {
        guard let profile = blob(named: "icc-profile-data") else { return nil }
        let space = pixelColourSpace
        return profile.withUnsafeBytes { ICCProfile.problem(with: $0, pixels: space) }
    }

    /// Whether the embedded ICC profile is sRGB by content (`ICCProfile.isSRGB`): converting
    /// through it would change the pixels by rounding only, so the decoders take them as they are.
    var iccProfileIsSRGB: Bool {
        guard let profile = blob(named: "icc-profile-data") else { return false }
        return profile.withUnsafeBytes { ICCProfile.isSRGB($0) }
    }

    /// Whether decoding converts the pixels through the embedded ICC profile: there is one, it
    /// fits them (`iccProfileProblem`), and it is not sRGB already (`iccProfileIsSRGB`).
    var needsProfileTransform: Bool {
        hasICCProfile && iccProfileProblem == nil && !iccProfileIsSRGB
    }
}
