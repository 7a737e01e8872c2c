import CLCMS2
import Foundation

/// One lcms2 transform from an embedded RGB profile to an output profile, built as libvips's
/// `icc_transform` builds its own: 8-bit RGB in and out, relative colorimetric intent, no
/// black-point compensation, no one-pixel cache. So its pixels are libvips's to the byte, and
/// it may run on several threads at once (without the cache lcms keeps no state per call).
/// The transform is freed when the last holder (a cache, an image being computed) lets go.
final class ICCTransform: @unchecked Sendable {
    private let handle: cmsHTRANSFORM

    /// nil when lcms cannot read either profile, `profile` is not an RGB profile, or lcms
    /// builds no transform between them: the caller then converts as it did without one.
    init?(from profile: Data, to output: Data) {
        guard let input = Self.open(profile) else { return nil }
        defer { cmsCloseProfile(input) }
        guard cmsGetColorSpace(input) == cmsSigRgbData, let target = Self.open(output) else { return nil }
        defer { cmsCloseProfile(target) }
        guard let handle = cmsCreateTransform(input, sb_lcms_type_rgb_8(), target, sb_lcms_type_rgb_8(),
                                              cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                              cmsUInt32Number(cmsFLAGS_NOCACHE)) else { return nil }
        self.handle = handle
    }

    deinit { cmsDeleteTransform(handle) }

    /// Converts `count` packed 8-bit RGB pixels from `input` into `output` (which may be `input`).
    func convert(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, count: Int) {
        LibraryClock.measure(.lcms2) { cmsDoTransform(handle, input, output, cmsUInt32Number(count)) }
    }

    private static func open(_ profile: Data) -> cmsHPROFILE? {
        guard profile.count <= Int(UInt32.max) else { return nil }
        return profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    }
}
