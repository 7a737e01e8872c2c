/// What a web rendition of a video is made to: H.264 (libx264), 8-bit 4:2:0, in an MP4 with
/// its `moov` first (`+faststart`, so a browser starts playing before the whole file is
/// read), at most `longSide` pixels on its long side and the first `maxSeconds`. Sound only
/// with `keepsAAC`, and only an AAC track, copied as it is (no audio is encoded).
///
/// `fingerprint` is part of a rendition's file name: a change to any value here names new
/// files, so a rebuild never reuses a rendition made to another recipe.
public struct WebVideoRecipe: Sendable, Equatable {
    public var longSide: Int
    public var maxSeconds: Double
    /// libx264's constant rate factor: 0 lossless, 51 worst; 26 is small and clean at these sizes.
    public var quality: Int
    /// libx264's speed preset.
    public var preset: String
    /// Copy the source's AAC sound track (any other codec: no sound).
    public var keepsAAC: Bool

    public init(longSide: Int, maxSeconds: Double, quality: Int = 26, preset: String = "veryfast", keepsAAC: Bool = false) {
        (self.longSide, self.maxSeconds, self.quality, self.preset, self.keepsAAC) = (longSide, maxSeconds, quality, preset, keepsAAC)
    }

    /// A Live Photo's paired video (about 3 s), played muted on hover: small.
    public static let livePhoto = WebVideoRecipe(longSide: 480, maxSeconds: 10)
    /// A video, played in the lightbox: its first 30 seconds at 720 pixels, with its AAC sound.
    public static let video = WebVideoRecipe(longSide: 720, maxSeconds: 30, keepsAAC: true)

    /// Eight hex digits of the FNV-1a hash of every value (and the format's version, `v1`).
    public var fingerprint: String {
        let text = "v1 h264 yuv420p faststart \(keepsAAC ? "aac-copy" : "muted") long=\(longSide) max=\(maxSeconds) crf=\(quality) preset=\(preset)"
        var hash: UInt32 = 0x811c_9dc5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash.zeroPaddedHex
    }

    /// The output's frame size: `source` (square pixels) scaled to fit `longSide`, never
    /// enlarged, both sides even (4:2:0 needs it).
    func size(fitting source: PixelSize) -> PixelSize {
        let scale = min(1, Double(longSide) / Double(max(source.width, source.height, 1)))
        func even(_ side: Int) -> Int { max(2, Int((Double(side) * scale / 2).rounded()) * 2) }
        return PixelSize(width: even(source.width), height: even(source.height))
    }
}
