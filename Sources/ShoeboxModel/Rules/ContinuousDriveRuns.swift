/// Bursts of a camera's continuous-drive frames (`ContinuousDrive`), which no identifier ties:
/// the frames one camera took in continuous drive, in one folder, in capture order, make a
/// burst while each follows the one before within `longestGap` seconds and its shot number
/// (where the camera counts them) grows. A frame alone is no burst.
///
/// Two seconds: the slowest continuous modes take a frame a second or faster, a camera
/// writing whole seconds puts two such frames up to two seconds apart, and a person pressing
/// the shutter again takes longer than that. A frame without a capture time is in no burst.
public enum ContinuousDriveRuns {
    public static let longestGap = 2.0

    /// One continuous-drive frame, as the rule reads it.
    public struct Frame: Equatable, Sendable {
        public var id: Int64
        /// The capture time as written (`CaptureTime`), or nil.
        public var takenAt: String?
        public var shot: Int?
        public var path: String

        public init(id: Int64, takenAt: String?, shot: Int?, path: String) {
            (self.id, self.takenAt, self.shot, self.path) = (id, takenAt, shot, path)
        }
    }

    /// The camera a frame's burst is one camera's frames of: its make and model.
    public static func camera(make: String?, model: String?) -> String {
        "\(make ?? "")\u{1F}\(model ?? "")"
    }

    /// The bursts among one camera's continuous frames of one folder: runs of two frames or
    /// more, in capture order, each with its key (the camera and its first frame's time and
    /// path, so another burst of the folder never shares it).
    public static func bursts(_ frames: [Frame], camera: String) -> [(key: String, ids: [Int64])] {
        let timed = frames.compactMap { frame in CaptureTime.parse(frame.takenAt ?? "").map { (frame, $0.wallClock) } }
            .sorted { ($0.1, $0.0.shot ?? 0, $0.0.path) < ($1.1, $1.0.shot ?? 0, $1.0.path) }
        var runs: [[(Frame, Double)]] = []
        for frame in timed {
            if let last = runs.last?.last, follows(frame, last) {
                runs[runs.count - 1].append(frame)
            } else {
                runs.append([frame])
            }
        }
        return runs.filter { $0.count > 1 }.map { run in
            (key: "drive:\(camera)\u{1F}\(run[0].0.takenAt ?? "")\u{1F}\(run[0].0.path)", ids: run.map(\.0.id))
        }
    }

    private static func follows(_ frame: (Frame, Double), _ previous: (Frame, Double)) -> Bool {
        guard frame.1 - previous.1 <= longestGap else { return false }
        if let shot = frame.0.shot, let before = previous.0.shot { return shot > before }
        return true
    }
}
