/// What a GIF is, read from its structure without decoding a pixel.
public struct GifInfo: Equatable, Sendable {
    /// The logical screen, which every frame is drawn on.
    public var screenSize: PixelSize
    public var frameCount: Int
    /// The NETSCAPE2.0 loop count: 0 loops forever; nil when the file has no such block (it plays once).
    public var loopCount: Int?
    /// The sum of the frame delays, each delay of 0 or 1 hundredths (or none) counted as 10
    /// (100 ms), as browsers show them; 0 for a single frame.
    public var durationSeconds: Double
}
