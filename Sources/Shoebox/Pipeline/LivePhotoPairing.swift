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
