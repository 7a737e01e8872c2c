/// One of the eight EXIF orientations: how stored pixels must be turned to be shown upright.
public enum Orientation: Int, Codable, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5-8 store the picture on its side: width and height swap for display.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The display transform as "mirror first (left-right), then rotate clockwise by quarter turns".
    public var mirrorThenClockwiseQuarterTurns: (mirror: Bool, quarterTurns: Int) {
        switch self {
        case .up: return (false, 0)
        case .upMirrored: return (true, 0)
        case .down: return (false, 2)
        case .downMirrored: return (true, 2)
        case .leftMirrored: return (true, 3)
        case .right: return (false, 1)
        case .rightMirrored: return (true, 1)
        case .left: return (false, 3)
        }
    }

    /// The size as displayed for a picture stored at `stored`.
    public func displayedSize(ofStored stored: PixelSize) -> PixelSize {
        swapsDimensions ? stored.transposed : stored
    }
}
