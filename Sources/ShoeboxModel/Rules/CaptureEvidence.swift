/// What a file's name or lens says about how it was made, for the Selfies and Screen
/// Recordings smart albums; the catalog's query reads the same evidence (`SmartAlbumSQL`).
public enum CaptureEvidence {
    /// A lens model naming the front camera, as Apple's and Google's phones write it
    /// (`iPhone 13 Pro front TrueDepth camera 2.71mm f/2.2`, `Pixel 8 Pro front camera ...`).
    /// Other phones write no lens model for either camera: their selfies are not found.
    public static func isFrontCamera(lensModel: String?) -> Bool {
        lensModel?.lowercased().contains(frontWord) ?? false
    }

    public static let frontWord = "front"

    /// Names screen recorders give their videos, lowercased: iOS's ReplayKit
    /// (`RPReplay_Final1692022000.MP4`), macOS (`Screen Recording 2023-05-01 at 10.00.00.mov`),
    /// Android's (`Screen_Recording_20230101-120000.mp4`, `screen-20230101-120000.mp4` on Pixels,
    /// `ScreenRecorder_...`, `Record_2023-...` on Samsung).
    public static let screenRecordingPrefixes = ["rpreplay", "screen recording", "screen_recording", "screenrecording",
                                                 "screenrecorder", "screen-20", "record_20"]

    public static func isScreenRecording(fileName: String, kind: AssetKind) -> Bool {
        let name = fileName.lowercased()
        return kind == .video && screenRecordingPrefixes.contains { name.hasPrefix($0) }
    }
}
