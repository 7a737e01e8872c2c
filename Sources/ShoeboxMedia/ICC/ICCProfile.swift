/// Reads an embedded ICC profile's header and tag table far enough to tell whether it can
/// convert an image's pixels to sRGB (ICC.1:2010, section 7).
///
/// Cameras, scanners and editors sometimes embed a profile that does not fit the image: an
/// RGB profile on a greyscale JPEG, a CMYK one on RGB pixels, one cut short by a careless
/// tool. libvips then fails the decode (a greyscale image has no fallback profile) or falls
/// back without a word. Every viewer still opens such a file, so Shoebox checks the profile
/// before decoding and, when it does not fit, ignores it and says so.
package enum ICCProfile {
    /// What decoded pixels are, by the colour-space signature an ICC profile uses for them.
    package enum ColourSpace: String {
        case grey = "GRAY"
        case rgb = "RGB "
        case cmyk = "CMYK"

        /// The name with its article, as the warning says it: "an RGB".
        var name: String {
            switch self {
            case .grey: return "a greyscale"
            case .rgb: return "an RGB"
            case .cmyk: return "a CMYK"
            }
        }
    }

    /// Device classes whose profile converts an image's pixels: input, display, output and
    /// colour-space profiles. A device link, abstract or named-colour profile cannot.
    static let imageClasses: Set<String> = ["scnr", "mntr", "prtr", "spac"]

    /// Why `profile` cannot convert pixels of `pixels`, in words that finish "the embedded ICC
    /// profile does not fit: ..."; nil when it can (the header is whole, every tag lies inside
    /// the profile, and it describes that colour space). Reads nothing outside `profile`.
    package static func problem(with profile: UnsafeRawBufferPointer, pixels: ColourSpace) -> String? {
        var header = ByteCursor(profile)
        guard profile.count >= 132, let declared = header.u32() else {
            return "it is \(profile.count) bytes, too short for an ICC profile"
        }
        guard signature(profile, at: 36) == "acsp" else { return "it has no ICC profile signature" }
        guard declared <= profile.count else {
            return "it is cut short: its header says \(declared) bytes and \(profile.count) are there"
        }
        if let tag = tagPastTheEnd(profile, size: declared) { return "it is cut short: its \(tag) runs past its end" }
        let deviceClass = signature(profile, at: 12), space = signature(profile, at: 16)
        guard imageClasses.contains(deviceClass) else {
            return "it is a '\(deviceClass)' profile, which does not describe an image's colours"
        }
        guard space == pixels.rawValue else {
            let spaceName = ColourSpace(rawValue: space)?.name ?? "a '\(space)'"
            return "it is \(spaceName) profile and the image is \(pixels.name) one"
        }
        return nil
    }

    /// The first entry of the tag table (or the table itself) that reaches past `size` bytes.
    private static func tagPastTheEnd(_ profile: UnsafeRawBufferPointer, size: Int) -> String? {
        var table = ByteCursor(profile, from: 128, to: size)
        guard let count = table.u32(), count <= (size - 132) / 12 else { return "tag table" }
        for _ in 0..<count {
            guard let tag = table.fourCC(), let offset = table.u32(), let length = table.u32() else { return "tag table" }
            if offset > size || length > size - offset { return "'\(tag)' tag" }
        }
        return nil
    }

    private static func signature(_ profile: UnsafeRawBufferPointer, at offset: Int) -> String {
        String(decoding: profile[offset..<offset + 4], as: UTF8.self)
    }
}
