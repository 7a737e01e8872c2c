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

    /// The orientation that turns a video upright: its display matrix's clockwise rotation
    /// (0, 90, 180, 270), mirrored first when the matrix flips.
    public static func video(clockwiseDegrees: Int, mirrored: Bool) -> Orientation {
        switch (((clockwiseDegrees % 360) + 360) % 360 / 90, mirrored) {
        case (1, false): return .right
        case (2, false): return .down
        case (3, false): return .left
        case (0, true): return .upMirrored
        case (1, true): return .rightMirrored
        case (2, true): return .downMirrored
        case (3, true): return .leftMirrored
        default: return .up
        }
    }

    /// The size as displayed for a picture stored at `stored`.
    public func displayedSize(ofStored stored: PixelSize) -> PixelSize {
        swapsDimensions ? stored.transposed : stored
    }
}
