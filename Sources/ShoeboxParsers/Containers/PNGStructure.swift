import Foundation

/// Tells a truncated PNG from a whole one by its closing `IEND` chunk, and an interlaced one
/// (which is decoded whole) by its header.
///
/// As with JPEG, libvips's in-memory PNG reader pads a cut-off file instead of failing, so
/// Shoebox checks the structure itself: a whole PNG ends with `IEND` (bytes after it are
/// tolerated, as in the JPEG check).
public enum PNGStructure {
    static let end: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]   // "IEND" and its CRC

    public static func isTruncated(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ByteSearch.last(end, in: bytes) == nil
    }

    /// The memory libvips needs at once to decode an Adam7-interlaced PNG: the whole image,
    /// width x height x bands x bytes per sample (an interlaced PNG cannot be read in strips,
    /// so shrink-on-load does not help). nil for a PNG that is not interlaced (it is streamed)
    /// or whose header cannot be read (the decoder says why).
    public static func wholeDecodeBytes(_ bytes: UnsafeRawBufferPointer) -> Int? {
        // Signature (8), then IHDR: length (4), "IHDR" (4), width, height (4 each), bit depth,
        // colour type, compression, filter, interlace (1 each).
        guard bytes.count >= 33, bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52,
              bytes[28] == 1 else { return nil }
        let width = Int(bigEndian32(bytes, at: 16)), height = Int(bigEndian32(bytes, at: 20))
        let depth = Int(bytes[24]), colourType = bytes[25]
        // Grey, RGB, palette (expanded to RGB), grey + alpha, RGBA; a tRNS chunk adds an alpha band.
        let bandsByType: [UInt8: Int] = [0: 1, 2: 3, 3: 3, 4: 2, 6: 4]
        guard let bands = bandsByType[colourType] else { return nil }
        let alpha = hasTransparencyChunk(bytes) && (colourType == 0 || colourType == 2 || colourType == 3) ? 1 : 0
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow else { return .max }
        let (total, tooMany) = pixels.multipliedReportingOverflow(by: (bands + alpha) * (depth == 16 ? 2 : 1))
        return tooMany ? .max : total
    }

    /// Whether a `tRNS` chunk comes before the image data.
    private static func hasTransparencyChunk(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let type = (bytes[offset + 4], bytes[offset + 5], bytes[offset + 6], bytes[offset + 7])
            if type == (0x74, 0x52, 0x4E, 0x53) { return true }    // tRNS
            if type == (0x49, 0x44, 0x41, 0x54) { return false }   // IDAT
            guard length <= bytes.count else { return false }
            offset += 12 + length
        }
        return false
    }

    /// The byte ranges of the file open at `fd` that hold compressed pixels (the data of its
    /// `IDAT` chunks), found by reading each chunk's length and type in turn; everything else
    /// (signature, chunk headers and CRCs, metadata chunks before and after the pixels) is not
    /// named. The walk stops at `IEND`, or where a chunk would run past the end of the file.
    public static func pixelData(fd: Int32, size: Int64) -> [Range<Int64>] {
        var ranges: [Range<Int64>] = []
        var offset: Int64 = 8
        var header = [UInt8](repeating: 0, count: 8)
        while offset + 12 <= size, header.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, 8, off_t(offset)) }) == 8 {
            let length = Int64(header.withUnsafeBytes { bigEndian32($0, at: 0) })
            guard offset + 12 + length <= size else { break }
            if header[4 ..< 8].elementsEqual([0x49, 0x44, 0x41, 0x54]) { ranges.append(offset + 8 ..< offset + 8 + length) }   // IDAT
            if header[4 ..< 8].elementsEqual([0x49, 0x45, 0x4E, 0x44]) { break }                                                  // IEND
            offset += 12 + length
        }
        return ranges
    }

    static func bigEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
