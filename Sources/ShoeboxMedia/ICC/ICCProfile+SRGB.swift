extension ICCProfile {
    /// sRGB's primaries adapted to the ICC's D50 white (Bradford), as the `rXYZ`, `gXYZ` and
    /// `bXYZ` tags of an sRGB profile hold them (IEC 61966-2-1 Annex; HP's, Apple's, Google's
    /// and libvips's sRGB profiles all agree to within 0.0003).
    package static let srgbColorants: [(tag: String, xyz: [Double])] = [
        ("rXYZ", [0.4361, 0.2225, 0.0139]), ("gXYZ", [0.3851, 0.7169, 0.0971]), ("bXYZ", [0.1431, 0.0606, 0.7141]),
    ]

    /// How far a colorant may be from sRGB's and still count as sRGB: under half a level of
    /// 8-bit output on the most saturated colours.
    static let colorantTolerance = 0.002

    /// Tags that make a colour engine use look-up tables instead of the matrix and tone curves;
    /// a profile carrying any of them is not taken for sRGB whatever its matrix says.
    static let tableTags: Set<String> = ["A2B0", "A2B1", "A2B2", "B2A0", "B2A1", "B2A2", "D2B0", "D2B1", "D2B2", "D2B3"]

    /// Whether `profile` describes sRGB, judged by its content, not its name: an RGB matrix/TRC
    /// profile whose colorants are sRGB's and whose three tone curves follow sRGB's (within a
    /// level). Converting pixels through such a profile to sRGB changes them by rounding only, so
    /// the decoder skips the transform (building it costs more than the rest of a small
    /// thumbnail). False for Display P3, Adobe RGB, any other space, and any profile `problem`
    /// rejects. Reads nothing outside `profile`.
    package static func isSRGB(_ profile: UnsafeRawBufferPointer) -> Bool {
        guard problem(with: profile, pixels: .rgb) == nil else { return false }
        let tags = tagTable(profile)
        guard tableTags.isDisjoint(with: tags.keys) else { return false }
        for (tag, expected) in srgbColorants {
            guard let range = tags[tag], let xyz = xyzValue(profile, range),
                  zip(xyz, expected).allSatisfy({ abs($0 - $1) <= colorantTolerance }) else { return false }
        }
        return ["rTRC", "gTRC", "bTRC"].allSatisfy { tag in
            tags[tag].flatMap { ICCToneCurve(profile, $0) }?.followsSRGB() ?? false
        }
    }

    /// Each tag's signature and byte range (the first entry for a repeated signature). Call it
    /// on a profile `problem` accepts: every range then lies inside the profile.
    package static func tagTable(_ profile: UnsafeRawBufferPointer) -> [String: Range<Int>] {
        var table = ByteCursor(profile, from: 128)
        var tags: [String: Range<Int>] = [:]
        guard let count = table.u32() else { return tags }
        for _ in 0..<count {
            guard let tag = table.fourCC(), let offset = table.u32(), let length = table.u32() else { break }
            if tags[tag] == nil { tags[tag] = offset..<offset + length }
        }
        return tags
    }

    /// An `XYZ ` tag's first value, as three numbers; nil when the tag is of another type or short.
    static func xyzValue(_ profile: UnsafeRawBufferPointer, _ range: Range<Int>) -> [Double]? {
        var cursor = ByteCursor(profile, from: range.lowerBound, to: range.upperBound)
        guard cursor.fourCC() == "XYZ ", cursor.skip(4) else { return nil }
        var values: [Double] = []
        for _ in 0..<3 {
            guard let raw = cursor.u32() else { return nil }
            values.append(Double(Int32(bitPattern: UInt32(raw))) / 65536)
        }
        return values
    }
}
