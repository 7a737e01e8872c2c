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
}
