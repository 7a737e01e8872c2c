#if canImport(Glibc)
import Glibc
#endif

/// Walks the top-level boxes of an ISO base media file (MP4, MOV) by their headers alone.
///
/// FFmpeg plays what it can of a cut-off MP4 whose index came first, so a truncated video
/// would still give a poster frame; the box sizes tell the truth: in a whole file the last
/// box ends exactly at the end of the file.
public enum ISOBoxWalk {
    /// True when a top-level box claims bytes beyond the end of the file.
    public static func isTruncated(path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return false }
        return isTruncated(size: Int64(status.st_size)) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? bytes : nil
        }
    }

    /// The same walk over any byte source: `read(offset, count)` gives exactly `count` bytes or nil.
    static func isTruncated(size: Int64, read: (Int64, Int) -> [UInt8]?) -> Bool {
        var offset: Int64 = 0
        for _ in 0..<100_000 {
            if offset == size { return false }
            guard offset + 8 <= size, let header = read(offset, 8) else { return true }
            var length = Int64(bigEndian(header[0..<4]))
            if length == 1 {
                guard offset + 16 <= size, let large = read(offset + 8, 8) else { return true }
                length = Int64(clamping: bigEndian(large[0..<8]))
            } else if length == 0 {
                return false   // the last box runs to the end of the file by definition
            }
            guard length >= 8, length <= size - offset else { return true }   // no overflow on 64-bit sizes
            offset += length
        }
        return false
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
