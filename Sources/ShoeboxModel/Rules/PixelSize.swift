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
}
