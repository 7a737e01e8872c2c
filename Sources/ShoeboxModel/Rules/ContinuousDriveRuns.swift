import Foundation

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
        runs(frames).filter { $0.count > 1 }.map { (key: key($0, camera: camera), ids: $0.map(\.0.id)) }
    }

    /// What a change at `takenAt` (a frame come, gone or moved) can alter among `frames`, the
    /// camera's frames of the folder inside `window`: the runs with a frame within
    /// `longestGap` of it. `settled` names their frames, `keys` the burst key of each that is
    /// in a burst now. nil when one of those runs may reach past the window's edges: the
    /// caller reads a wider window.
    public static func cut(around takenAt: String, window: Window, frames: [Frame],
                           camera: String) -> (settled: [Int64], keys: [Int64: String])? {
        guard let time = CaptureTime.parse(takenAt)?.wallClock else { return nil }
        let near = runs(frames).filter { run in run.contains { abs($0.1 - time) <= longestGap } }
        var settled: [Int64] = [], keys: [Int64: String] = [:]
        for run in near {
            guard run[0].1 - window.start > longestGap, window.end - run[run.count - 1].1 > longestGap else { return nil }
            settled += run.map(\.0.id)
            if run.count > 1 { for frame in run { keys[frame.0.id] = key(run, camera: camera) } }
        }
        return (settled, keys)
    }

    /// Every run of `frames` with a capture time, one frame or more, in capture order.
    private static func runs(_ frames: [Frame]) -> [[(Frame, Double)]] {
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
        return runs
    }

    private static func key(_ run: [(Frame, Double)], camera: String) -> String {
        "drive:\(camera)\u{1F}\(run[0].0.takenAt ?? "")\u{1F}\(run[0].0.path)"
    }

    /// The capture times within `reach` seconds of `takenAt`, for the catalog to read one
    /// camera's frames around a changed one instead of all of them; nil when `takenAt` does not
    /// parse or lies outside years 1 to 9999.
    public static func window(around takenAt: String, reach: Double) -> Window? {
        guard let wallClock = CaptureTime.parse(takenAt)?.wallClock else { return nil }
        let (start, end) = (wallClock - reach, wallClock + reach)
        guard let from = Window.text(start.rounded(.down)), let to = Window.text(end.rounded(.up) + 1) else { return nil }
        return Window(from: from, to: to, start: start, end: end)
    }

    /// A span of capture times, as the catalog's text compares them (`from` up to, not
    /// including, `to`: whole seconds that hold every time of the span) and as seconds.
    public struct Window: Equatable, Sendable {
        public var from: String
        public var to: String
        let start: Double
        let end: Double

        /// A wall clock as `YYYY-MM-DDTHH:MM:SS`, or nil outside years 1 to 9999.
        static func text(_ wallClock: Double) -> String? {
            guard wallClock.isFinite, abs(wallClock) < 1e12 else { return nil }
            var seconds = time_t(wallClock), parts = tm()
            guard gmtime_r(&seconds, &parts) != nil, (1...9999).contains(Int(parts.tm_year) + 1900) else { return nil }
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                          Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        }
    }

    private static func follows(_ frame: (Frame, Double), _ previous: (Frame, Double)) -> Bool {
        guard frame.1 - previous.1 <= longestGap else { return false }
        if let shot = frame.0.shot, let before = previous.0.shot { return shot > before }
        return true
    }
}
