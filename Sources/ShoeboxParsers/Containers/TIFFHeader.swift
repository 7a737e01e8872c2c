/// The 8-byte header of a TIFF or TIFF-like file (`II` or `MM`, a 16-bit number, the offset of
/// the first IFD), read without trusting it: the one reader for `TIFFExifBlock` and
/// `TIFFFirstDirectory`.
struct TIFFHeader {
    let littleEndian: Bool
    let firstDirectory: Int

    /// nil unless `bytes` starts with a byte order mark and one of `magics` (TIFF's 42 by default).
    init?(_ bytes: UnsafeRawBufferPointer, magics: Set<Int> = [42]) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        var cursor = ByteCursor(bytes, from: 2, littleEndian: littleEndian)
        guard let magic = cursor.u16(), magics.contains(magic), let first = cursor.u32() else { return nil }
        firstDirectory = first
    }
}
