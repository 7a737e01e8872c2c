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
}
