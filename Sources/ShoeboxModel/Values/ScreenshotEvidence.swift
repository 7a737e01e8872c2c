/// Whether an image is a screenshot, on evidence only: a PNG without a camera is as often a
/// drawing, a logo or an exported photo, so the lack of a camera alone says nothing.
///
/// Evidence, any one of: the file says so (EXIF or XMP `UserComment` "Screenshot", as iOS
/// writes); its name says so (`Screenshot_20230101-120000.png` on Android,
/// `Screen Shot 2020-01-01 at 10.00.00.png` and `Screenshot 2023-...` on macOS,
/// `Screenshot (12).png` on Windows); or it is a PNG or HEIC with no camera whose pixel size
/// is a known screen's, in either orientation.
public struct ScreenshotEvidence: Equatable, Sendable {
    public var taggedScreenshot: Bool
    public var fileName: String
    public var format: MediaFormat
    public var hasCamera: Bool
    public var pixelSize: PixelSize

    public init(taggedScreenshot: Bool, fileName: String, format: MediaFormat, hasCamera: Bool, pixelSize: PixelSize) {
        (self.taggedScreenshot, self.fileName, self.format) = (taggedScreenshot, fileName, format)
        (self.hasCamera, self.pixelSize) = (hasCamera, pixelSize)
    }

    public var isScreenshot: Bool {
        taggedScreenshot || nameSaysScreenshot || (format == .png || format == .heic) && !hasCamera && isKnownScreenSize
    }

    var nameSaysScreenshot: Bool {
        let name = fileName.lowercased()
        return ["screenshot", "screen shot", "screen_shot"].contains { name.hasPrefix($0) }
    }

    var isKnownScreenSize: Bool {
        let short = min(pixelSize.width, pixelSize.height), long = max(pixelSize.width, pixelSize.height)
        return Self.knownScreens.contains { $0.short == short && $0.long == long }
    }

    /// Pixel sizes (short side, long side) of the screens most screenshots come from: every
    /// iPhone since the 4, iPads, common Android phones, and laptop and desktop displays.
    static let knownScreens: [(short: Int, long: Int)] = [
        // iPhone
        (640, 960), (640, 1136), (750, 1334), (1242, 2208), (1125, 2436), (828, 1792), (1242, 2688),
        (1080, 2340), (1170, 2532), (1284, 2778), (1179, 2556), (1290, 2796), (1206, 2622), (1320, 2868),
        // iPad
        (768, 1024), (1536, 2048), (1620, 2160), (1668, 2224), (1668, 2388), (1640, 2360), (1488, 2266),
        (2048, 2732), (1640, 2360),
        // Android phones
        (720, 1280), (720, 1600), (1080, 1920), (1080, 2160), (1080, 2280), (1080, 2400), (1080, 2412),
        (1440, 2560), (1440, 2960), (1440, 3040), (1440, 3088), (1440, 3120), (1440, 3200),
        (1344, 2992), (1280, 2856),
        // laptops and desktops
        (768, 1366), (900, 1440), (800, 1280), (1050, 1680), (1200, 1920), (1440, 2560),
        (1600, 2560), (1664, 2560), (1800, 2880), (1964, 3024), (1912, 2940), (2234, 3456), (2160, 3840), (2880, 5120),
    ]
}
