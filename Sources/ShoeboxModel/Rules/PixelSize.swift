/// A width and height in pixels.
public struct PixelSize: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var aspect: Double { Double(width) / Double(height) }
    public var pixelCount: Int { width * height }
    public var longEdge: Int { max(width, height) }
    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    /// Wider than high; a square is neither landscape nor portrait.
    public var isLandscape: Bool { width > height }
    public var isPortrait: Bool { height > width }
    public var description: String { "\(width)x\(height)" }

    /// This size scaled down, keeping its aspect, to fit inside `box` (never up; each side at
    /// least one pixel).
    public func fitted(in box: PixelSize) -> PixelSize {
        let scale = min(1, Double(box.width) / Double(width), Double(box.height) / Double(height))
        if scale == 1 { return self }
        return PixelSize(width: Self.atLeastOne(Double(width) * scale), height: Self.atLeastOne(Double(height) * scale))
    }

    /// A computed side, rounded, never below one pixel (nor NaN's garbage).
    package static func atLeastOne(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        return max(1, Int(value.rounded()))
    }
}
