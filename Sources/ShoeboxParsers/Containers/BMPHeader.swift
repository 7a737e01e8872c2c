/// The headers of a Windows or OS/2 bitmap: the 14-byte `BM` file header and the DIB header
/// after it, read without trusting any field.
///
/// A file is a BMP only when both look sane (a known DIB header size, one plane, a bit depth
/// bitmaps have), never by its name: "BM" alone starts too many other files.
package struct BMPHeader: Equatable {
    /// The DIB header sizes writers use: OS/2 1.x (12), OS/2 2.x (16 to 64), Windows 3 (40),
    /// Adobe's bit-field variants (52, 56), Windows 4 and 5 (108, 124).
    static let dibHeaderSizes: Set<Int> = [12, 16, 40, 52, 56, 64, 108, 124]
    static let bitDepths: Set<Int> = [1, 2, 4, 8, 16, 24, 32]
    /// What FFmpeg's BMP decoder reads (none, RLE8, RLE4, bit fields), and alpha bit fields,
    /// which `BMPBitFields` reads.
    package static let decodableCompressions: Set<Int> = [0, 1, 2, 3, 6]

    package let dibHeaderSize: Int
    package let width: Int
    /// Rows; the header's height is negative for a top-down bitmap.
    package let height: Int
    let topDown: Bool
    package let bitsPerPixel: Int
    /// 0 none, 1 RLE8, 2 RLE4, 3 bit fields, 4 JPEG, 5 PNG, 6 alpha bit fields (0 for OS/2 1.x).
    package let compression: Int
    /// Where the pixel data starts, as the file header says (unchecked: a reader checks it
    /// against the file's length before it reads there).
    package let pixelDataOffset: Int

    /// The headers at the start of `head` (at least the first 30 bytes of the file), or nil.
    package init?<Bytes: Collection>(_ head: Bytes) where Bytes.Element == UInt8 {
        let bytes = Array(head.prefix(64))
        guard bytes.count >= 26, bytes[0] == 0x42, bytes[1] == 0x4D else { return nil }
        func le(_ offset: Int, _ size: Int) -> Int? {
            guard offset + size <= bytes.count else { return nil }
            return (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }
        guard let size = le(14, 4), Self.dibHeaderSizes.contains(size) else { return nil }
        let core = size == 12
        guard let rawWidth = core ? le(18, 2) : le(18, 4), let rawHeight = core ? le(20, 2) : le(22, 4),
              let planes = core ? le(22, 2) : le(26, 2), let bits = core ? le(24, 2) : le(28, 2),
              planes == 1, Self.bitDepths.contains(bits) else { return nil }
        let height = core ? rawHeight : Int(Int32(truncatingIfNeeded: rawHeight))
        guard rawWidth > 0, rawWidth <= Int(Int32.max), height != 0, height != Int(Int32.min) else { return nil }
        dibHeaderSize = size
        width = rawWidth
        self.height = abs(height)
        topDown = height < 0
        bitsPerPixel = bits
        compression = core || size < 20 ? 0 : (le(30, 4) ?? 0)
        pixelDataOffset = le(10, 4) ?? 0
    }

    package var size: PixelSize { PixelSize(width: width, height: height) }

    /// What the compression field names, for messages.
    package var compressionName: String {
        Self.compressionNames.indices.contains(compression) ? Self.compressionNames[compression] : "unknown"
    }

    private static let compressionNames = ["none", "RLE8", "RLE4", "bit fields", "JPEG", "PNG", "alpha bit fields"]
}
