/// Reads just enough of a JPEG's marker structure to tell a truncated file from a whole one.
///
/// libvips's in-memory JPEG reader treats a missing end as a warning and pads the rest of
/// the picture with grey; Shoebox wants such a file recorded as damaged instead.
public enum JPEGStructure {
    /// True when no end-of-image marker (FF D9) follows the start of the first scan: the file
    /// was cut short. Bytes after the end marker (maker trailers, embedded videos) are allowed.
    public static func isTruncated(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let scanStart = firstScanOffset(bytes) else { return true }
        var index = bytes.count - 2
        while index >= scanStart {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return false }
            index -= 1
        }
        return true
    }

    /// The offset just after the first SOS segment header, walking the segments before it by
    /// their lengths (so an EXIF thumbnail's own markers are never mistaken for the image's).
    static func firstScanOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill bytes
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }  // no length
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let next = offset + 2 + length
            if marker == 0xDA { return min(next, bytes.count) }
            if marker == 0xD9 { return nil }
            offset = next
        }
        return nil
    }
}
