/// Finer kinds an asset can also be, like PhotoKit's PHAssetMediaSubtype.
public enum AssetSubtype: String, Codable, Sendable, CaseIterable, Comparable {
    case panorama, screenshot, hdr, burst, highFrameRate, animated, live
    /// A camera RAW file (DNG, CR2, NEF, ...): `MediaFormat.isRaw`.
    case raw
    /// A video captured at far fewer frames a second than it plays (`FrameRateEvidence`).
    case timeLapse
    /// A photo with a depth map or portrait matte (PhotoKit's `photoDepthEffect`): `DepthEvidence`.
    case depthEffect

    public static func < (a: AssetSubtype, b: AssetSubtype) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
