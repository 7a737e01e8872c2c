/// Finer kinds an asset can also be, like PhotoKit's PHAssetMediaSubtype.
public enum AssetSubtype: String, Codable, Sendable, CaseIterable, Comparable {
    case panorama, screenshot, hdr, burst, highFrameRate, animated, live

    public static func < (a: AssetSubtype, b: AssetSubtype) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
