import Foundation

/// Which burst a photo belongs to, and whether its camera marked it as the burst's cover, from
/// the evidence phones and cameras leave (PhotoKit's `burstIdentifier`):
///
/// - Apple's maker note `BurstUUID` (tag 0x000B);
/// - Google Camera's XMP `GCamera:BurstID`, its cover marked by `GCamera:BurstPrimary` = 1;
/// - names: `…_BURST<timestamp>[_COVER]` (Google Camera, Nexus and Pixel phones, Sony's
///   `DSC_0000_BURST…`), `<name>_BURST<number>[_COVER]` (Motorola, Fairphone, Honor), and
///   Samsung's `YYYYMMDD_HHMMSS_NNN`, which marks no cover.
///
/// A burst is the photos of one folder that share a key (`BurstRepresentative` picks the one
/// shown). Cameras' continuous-drive frames carry no such key: the catalog cuts them into
/// bursts by capture time (`ContinuousDrive`, `ContinuousDriveRuns`), where this evidence is
/// missing.
public struct BurstEvidence: Equatable, Sendable {
    /// The burst's key, the same for every frame: the identifier, or the name's shared part.
    public var key: String
    /// The camera marked this frame as the burst's cover (`_COVER`, `BurstPrimary`).
    public var isCover: Bool

    public init(key: String, isCover: Bool) {
        (self.key, self.isCover) = (key, isCover)
    }

    /// The evidence of one file: its maker note's or XMP's identifier first, else its name.
    public static func of(path: String, appleBurstUUID: String?, googleBurstID: String?, googleBurstPrimary: String?) -> BurstEvidence? {
        if let uuid = appleBurstUUID?.trimmingCharacters(in: .whitespaces), !uuid.isEmpty {
            return BurstEvidence(key: "apple:" + uuid, isCover: false)
        }
        if let id = googleBurstID?.trimmingCharacters(in: .whitespaces), !id.isEmpty {
            return BurstEvidence(key: "google:" + id, isCover: googleBurstPrimary == "1")
        }
        return named(path)
    }

    /// The evidence of a file's name alone.
    public static func named(_ path: String) -> BurstEvidence? {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        if let match = stem.firstMatch(of: /^(.*)_BURST([0-9]+)(_COVER)?$/) {
            let digits = String(match.2), isCover = match.3 != nil
            // A timestamp names the burst itself; a short number counts frames after a shared name.
            if digits.count >= 14 { return BurstEvidence(key: "name:BURST" + digits, isCover: isCover) }
            guard !match.1.isEmpty else { return nil }
            return BurstEvidence(key: "name:" + match.1 + "_BURST", isCover: isCover)
        }
        if let match = stem.firstMatch(of: /^([0-9]{8}_[0-9]{6})_[0-9]{3}$/) {
            return BurstEvidence(key: "name:" + match.1, isCover: false)
        }
        return nil
    }
}
