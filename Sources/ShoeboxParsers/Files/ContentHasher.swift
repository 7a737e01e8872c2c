import CXXHash
#if canImport(Glibc)
import Glibc
#endif

/// The content hash of an original: XXH3-128 over every byte, as 32 lowercase hex digits.
///
/// Two files with the same hash are treated as the same picture: they share thumbnails,
/// and a file that moved keeps its asset.
public enum ContentHasher {
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        let digest = XXH3_128bits(bytes.baseAddress, bytes.count)
        return digest.high64.zeroPaddedHex + digest.low64.zeroPaddedHex
    }

    public static func hash(_ bytes: SourceBytes) -> String {
        hash(UnsafeRawBufferPointer(bytes.buffer))
    }

    /// XXH3-128 of a string's UTF-8 bytes as two words: a compact key for a path (byte for
    /// byte: two spellings Swift deems equal, NFC and NFD, are two keys).
    public static func digest(_ string: String) -> (high: UInt64, low: UInt64) {
        var copy = string
        let digest = copy.withUTF8 { XXH3_128bits($0.baseAddress, $0.count) }
        return (digest.high64, digest.low64)
    }

    public static func hash(_ string: String) -> String {
        var copy = string
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    /// Hashes a file by streaming it through XXH3 in 1 MiB reads: for videos, which are never
    /// held in memory. `fd` must be open for reading; it is read from offset 0 to its end.
    public static func hash(descriptor fd: Int32) throws -> String {
        guard let state = XXH3_createState() else { throw MediaError.unreadable(path: "fd \(fd)", reason: "out of memory") }
        defer { XXH3_freeState(state) }
        XXH3_128bits_reset(state)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        var offset: Int64 = 0
        while true {
            let n = pread(fd, chunk.baseAddress, chunk.count, off_t(offset))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw MediaError.unreadable(path: "fd \(fd)", reason: SourceFile.errnoDescription()) }
            if n == 0 { break }
            XXH3_128bits_update(state, chunk.baseAddress, n)
            offset += Int64(n)
        }
        let digest = XXH3_128bits_digest(state)
        return digest.high64.zeroPaddedHex + digest.low64.zeroPaddedHex
    }
}
