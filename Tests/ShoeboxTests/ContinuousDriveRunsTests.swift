import Testing
import ShoeboxModel

/// How one camera's continuous-drive frames in a folder are cut into bursts
/// (`ContinuousDriveRuns`), by table: each row is the frames' capture times (and shot
/// numbers), then the bursts they make, as the frames' indexes.
@Suite struct ContinuousDriveRunsTests {
    @Test(arguments: [
        // Frames a third of a second apart: one burst.
        ([("2024-07-01T09:00:00.10", nil), ("2024-07-01T09:00:00.43", nil), ("2024-07-01T09:00:00.76", nil)], [[0, 1, 2]]),
        // Whole seconds, several frames a second: still one.
        ([("2024-07-01T09:00:00", nil), ("2024-07-01T09:00:00", nil), ("2024-07-01T09:00:01", nil)], [[0, 1, 2]]),
        // Two seconds apart is the longest gap inside a burst; more starts another.
        ([("2024-07-01T09:00:00", nil), ("2024-07-01T09:00:02", nil), ("2024-07-01T09:00:04.5", nil),
          ("2024-07-01T09:00:05", nil)], [[0, 1], [2, 3]]),
        // A frame alone is no burst.
        ([("2024-07-01T09:00:00", nil), ("2024-07-01T09:00:10", nil), ("2024-07-01T09:00:11", nil)], [[1, 2]]),
        // A shot number that does not grow starts another burst, however close in time.
        ([("2024-07-01T09:00:00", 1), ("2024-07-01T09:00:00", 2), ("2024-07-01T09:00:01", 1),
          ("2024-07-01T09:00:01", 2)], [[0, 1], [2, 3]]),
        // Frames given out of order are put in capture order first.
        ([("2024-07-01T09:00:01", nil), ("2024-07-01T09:00:00", nil)], [[1, 0]]),
        // A frame without a capture time is in no burst.
        ([("2024-07-01T09:00:00", nil), ("", nil), ("2024-07-01T09:00:01", nil)], [[0, 2]]),
        // An offset written with the time changes nothing between one camera's frames.
        ([("2024-07-01T09:00:00+02:00", nil), ("2024-07-01T09:00:01+02:00", nil)], [[0, 1]]),
    ] as [([(String, Int?)], [[Int]])])
    func framesAreCutIntoBursts(times: [(String, Int?)], expected: [[Int]]) {
        let frames = times.enumerated().map { index, frame in
            ContinuousDriveRuns.Frame(id: Int64(index), takenAt: frame.0.isEmpty ? nil : frame.0, shot: frame.1,
                                      path: "/p/IMG_\(index).JPG")
        }
        let bursts = ContinuousDriveRuns.bursts(frames, camera: "Canon\u{1F}Canon EOS-1D Mark III")
        #expect(bursts.map { $0.ids.map(Int.init) } == expected)
    }

    /// A burst's key names the camera and its first frame, so two bursts of a folder never
    /// share one, and a burst keeps its key when a later frame joins it.
    @Test func aBurstsKeyNamesItsCameraAndFirstFrame() {
        let frames = [ContinuousDriveRuns.Frame(id: 1, takenAt: "2024-07-01T09:00:00", shot: nil, path: "/p/a.jpg"),
                      ContinuousDriveRuns.Frame(id: 2, takenAt: "2024-07-01T09:00:01", shot: nil, path: "/p/b.jpg")]
        let camera = ContinuousDriveRuns.camera(make: "Canon", model: "Canon EOS 300D DIGITAL")
        let key = "drive:Canon\u{1F}Canon EOS 300D DIGITAL\u{1F}2024-07-01T09:00:00\u{1F}/p/a.jpg"
        #expect(ContinuousDriveRuns.bursts(frames, camera: camera).map(\.key) == [key])
        let later = ContinuousDriveRuns.Frame(id: 3, takenAt: "2024-07-01T09:00:02", shot: nil, path: "/p/c.jpg")
        #expect(ContinuousDriveRuns.bursts(frames + [later], camera: camera).map(\.key) == [key])
    }

    /// The window the catalog reads around a changed frame: whole seconds as its text
    /// compares them.
    @Test func aWindowIsWholeSecondsAroundAFrame() throws {
        let window = try #require(ContinuousDriveRuns.window(around: "2024-07-01T09:00:00.5+02:00", reach: 120))
        #expect((window.from, window.to) == ("2024-07-01T08:58:00", "2024-07-01T09:02:02"))
        #expect(ContinuousDriveRuns.window(around: "not a time", reach: 120) == nil)
    }

    /// A change is cut where it can alter something: the runs with a frame within two seconds
    /// of it, settled whole (a burst's key, or none for a frame alone), the others left; and
    /// when such a run nears the window's edge, no cut (the catalog reads a wider window).
    @Test func aChangeSettlesTheRunsNearItOnly() throws {
        let frame = { (id: Int64, time: String) in
            ContinuousDriveRuns.Frame(id: id, takenAt: "2024-07-01T" + time, shot: nil, path: "/p/\(id).jpg")
        }
        let frames = [frame(1, "08:58:30"), frame(2, "08:58:31"), frame(3, "09:00:00"), frame(4, "09:00:01.5"),
                      frame(5, "09:00:05"), frame(6, "09:01:30"), frame(7, "09:01:31")]
        let window = try #require(ContinuousDriveRuns.window(around: "2024-07-01T09:00:03", reach: 120))
        let cut = try #require(ContinuousDriveRuns.cut(around: "2024-07-01T09:00:03", window: window, frames: frames, camera: "c"))
        #expect(cut.settled == [3, 4, 5])
        #expect(cut.keys == [3: "drive:c\u{1F}2024-07-01T09:00:00\u{1F}/p/3.jpg", 4: "drive:c\u{1F}2024-07-01T09:00:00\u{1F}/p/3.jpg"])
        let nearTheEdge = frames + [frame(8, "09:01:59"), frame(9, "09:02:00.5"), frame(10, "09:00:03.5")]
        let everySecond = (0...60).map { frame(100 + Int64($0), String(format: "09:00:%02d", $0)) }
        #expect(ContinuousDriveRuns.cut(around: "2024-07-01T09:00:03", window: window, frames: nearTheEdge, camera: "c") != nil)
        let long = (0...119).map { frame(200 + Int64($0), String(format: "09:%02d:%02d", 1 + $0 / 60, $0 % 60)) }
        #expect(ContinuousDriveRuns.cut(around: "2024-07-01T09:00:03", window: window, frames: everySecond + long, camera: "c") == nil,
                "a run from 09:00:00 to 09:02:59 reaches past the window's end")
    }
}
