import Foundation

/// The rule that decides whether a still and a video are one Live Photo. Pure: every catalog
/// backend asks it, with the facts it has stored, whichever file arrived first.
public enum LivePhotoPairing {
    /// How a pair was made, recorded with it so that a wrong pair explains itself.
    public enum Method: String, Codable, Sendable {
        /// Both files carry Apple's content identifier, and they are equal.
        case identifier
        /// Neither has one: same folder and base name, a short video, close capture times.
        case name
    }

    /// What the rule looks at for one side of a possible pair.
    public struct Facts: Equatable, Sendable {
        public var contentIdentifier: String?
        /// Lower-cased folder and base name without extension (`/photos/img_0001`).
        public var pairKey: String
        public var durationSeconds: Double?
        /// ISO 8601, only when it is a real capture time (not a file's modification time).
        public var captureTime: String?

        public init(contentIdentifier: String?, pairKey: String, durationSeconds: Double?, captureTime: String?) {
            self.contentIdentifier = contentIdentifier
            self.pairKey = pairKey
            self.durationSeconds = durationSeconds
            self.captureTime = captureTime
        }
    }

    /// The two halves of a Live Photo.
    public enum Side: Sendable {
        case still, video
    }

    /// Which half of a Live Photo an asset can be: a still photo (not a GIF, not a motion
    /// photo, which carries its own video) or a video; nil for anything else.
    public static func side(kind: AssetKind, format: MediaFormat?, isMotionPhoto: Bool) -> Side? {
        switch kind {
        case .video: return .video
        case .photo where format != .gif && !isMotionPhoto: return .still
        default: return nil
        }
    }

    /// The kind an asset is stored as, and looked for as a counterpart, for each half.
    public static func kind(of side: Side) -> AssetKind {
        switch side {
        case .still: return .photo
        case .video: return .video
        }
    }

    /// What a still of a pair is while paired: a Live Photo.
    public static let pairedStillKind = AssetKind.livePhoto

    /// What an asset is once its pair is undone: a paired still a photo again, unless it is a
    /// motion photo (whose own embedded video keeps it a Live Photo); any other asset what it was.
    public static func kindWhenUnpaired(_ kind: AssetKind, isMotionPhoto: Bool) -> AssetKind {
        kind == pairedStillKind && !isMotionPhoto ? .photo : kind
    }

    /// Whether a pair made earlier stays one Live Photo: only while both files are on disk.
    /// A Live Photo whose video is gone is the photo it still is (the video is listed as
    /// missing); one whose still is gone leaves its video shown as the video it is. When the
    /// file comes back, `method` pairs them again.
    public static func stands(stillMissing: Bool, videoMissing: Bool) -> Bool {
        !stillMissing && !videoMissing
    }

    public static func method(still: Facts, video: Facts, rules: LivePhotoRules) -> Method? {
        switch (still.contentIdentifier, video.contentIdentifier) {
        case let (stillID?, videoID?):
            return stillID.caseInsensitiveCompare(videoID) == .orderedSame ? .identifier : nil
        case (nil, nil):
            guard still.pairKey == video.pairKey, let duration = video.durationSeconds,
                  duration <= rules.maxVideoSeconds else { return nil }
            if let a = still.captureTime, let b = video.captureTime,
               let gap = CaptureTime.gapSeconds(a, b), gap > rules.maxCaptureGapSeconds { return nil }
            return .name
        default:
            return nil
        }
    }

    /// The key name pairing compares: the folder and the base name, case-insensitively.
    public static func pairKey(forPath path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return (url.deletingLastPathComponent().path + "/" + url.deletingPathExtension().lastPathComponent).lowercased()
    }
}
