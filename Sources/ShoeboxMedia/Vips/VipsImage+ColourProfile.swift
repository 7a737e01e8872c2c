import CVips
import Foundation

extension VipsImage {
    /// What the decoded pixels are, as an ICC profile names them: CMYK when libvips reads
    /// ink (a CMYK JPEG or TIFF), greyscale for one band (two with alpha), RGB otherwise.
    package var pixelColourSpace: ICCProfile.ColourSpace {
        if vips_image_get_interpretation(pointer) == VIPS_INTERPRETATION_CMYK { return .cmyk }
        return bands <= 2 ? .grey : .rgb
    }

    /// Why the embedded ICC profile cannot convert these pixels (`ICCProfile.problem`); nil
    /// when it can, or when there is none. Read from a header, before any pixel is decoded.
    package var iccProfileProblem: String? {
        guard let profile = blob(named: "icc-profile-data") else { return nil }
        let space = pixelColourSpace
        return profile.withUnsafeBytes { ICCProfile.problem(with: $0, pixels: space) }
    }

    /// Whether the embedded ICC profile is sRGB by content (`ICCProfile.isSRGB`): converting
    /// through it would change the pixels by rounding only, so the decoders take them as they are.
    package var iccProfileIsSRGB: Bool {
        guard let profile = blob(named: "icc-profile-data") else { return false }
        return profile.withUnsafeBytes { ICCProfile.isSRGB($0) }
    }

    /// Whether decoding converts the pixels through the embedded ICC profile: there is one, it
    /// fits them (`iccProfileProblem`), and it is not sRGB already (`iccProfileIsSRGB`).
    package var needsProfileTransform: Bool {
        hasICCProfile && iccProfileProblem == nil && !iccProfileIsSRGB
    }

    /// The pixels converted through the embedded ICC profile to 8-bit sRGB, as libvips's
    /// `icc_transform` converts them, byte for byte. 8-bit RGB pixels with an RGB profile (every
    /// JPEG and HEIC route's) go through `cache`'s transform for the profile, built once per
    /// profile instead of once per image; anything else (CMYK, greyscale, 16-bit, a profile
    /// lcms cannot build a transform from) goes through libvips's operation as before.
    package func convertedToSRGB(cache: ICCTransformCache = .shared) throws -> VipsImage {
        guard bands == 3, vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR,
              [VIPS_INTERPRETATION_sRGB, VIPS_INTERPRETATION_RGB].contains(vips_image_get_interpretation(pointer)),
              let profile = blob(named: "icc-profile-data"), let transform = cache.transform(for: profile),
              let srgb = Self.libvipsSRGBProfile else {
            return try Self.make("icc_transform") { sb_vips_icc_to_srgb(pointer, $0) }
        }
        let state = Unmanaged.passRetained(transform).toOpaque()   // released when the output closes
        let converted = try Self.make("icc_transform") { out in
            sb_vips_map_lines(pointer, out, { state, input, output, width in
                guard let state, let input, let output else { return }
                Unmanaged<ICCTransform>.fromOpaque(state).takeUnretainedValue().convert(input, into: output, count: Int(width))
            }, { state in
                if let state { Unmanaged<ICCTransform>.fromOpaque(state).release() }
            }, state)
        }
        // What libvips's operation leaves on its output: sRGB pixels tagged with its sRGB profile.
        converted.pointer.pointee.Type = VIPS_INTERPRETATION_sRGB
        converted.setBlob(named: "icc-profile-data", to: srgb)
        return converted
    }

    /// libvips's own sRGB profile, the one its `icc_transform` converts to and attaches; nil
    /// when libvips has none (then every conversion goes through libvips's operation).
    package static let libvipsSRGBProfile: Data? = {
        var blob: UnsafeMutablePointer<VipsBlob>?
        guard sb_vips_profile_load("srgb", &blob) == 0, let blob else { return nil }
        defer { vips_area_unref(UnsafeMutableRawPointer(blob).assumingMemoryBound(to: VipsArea.self)) }
        var length = 0
        guard let bytes = vips_blob_get(blob, &length), length > 0 else { return nil }
        return Data(bytes: bytes, count: length)
    }()
}
