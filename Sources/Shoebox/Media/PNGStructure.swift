/// Tells a truncated PNG from a whole one by its closing `IEND` chunk.
///
/// As with JPEG, libvips's in-memory PNG reader pads a cut-off file instead of failing, so
/// Shoebox checks the structure itself: a whole PNG ends with `IEND` (bytes after it are
/// tolerated, as in the JPEG check).
public enum PNGStructure {
    static let end: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]   // "IEND" and its CRC

    public static func isTruncated(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ByteSearch.last(end, in: bytes) == nil
    }
}
