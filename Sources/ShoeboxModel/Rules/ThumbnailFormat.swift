/// An output format for thumbnails, with the largest side it can hold.
public enum ThumbnailFormat: String, Codable, CaseIterable, Sendable {
    case jpeg, webp, png

    /// The longest side the format can encode: JPEG stores 16-bit sizes, WebP stops at 16383.
    public var maxDimension: Int {
        switch self {
        case .jpeg: return 65_535
        case .webp: return 16_383
        case .png: return 1 << 24
        }
    }

    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
