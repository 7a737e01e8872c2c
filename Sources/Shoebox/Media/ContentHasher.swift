import CXXHash

/// The content hash of an original: XXH3-128 over every byte, as 32 lowercase hex digits.
///
/// Two files with the same hash are treated as the same picture: they share thumbnails,
/// and a file that moved keeps its asset.
public enum ContentHasher {
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        let digest = XXH3_128bits(bytes.baseAddress, bytes.count)
        return hex(digest.high64) + hex(digest.low64)
    }

    public static func hash(_ bytes: SourceBytes) -> String {
        hash(UnsafeRawBufferPointer(bytes.buffer))
    }

    public static func hash(_ string: String) -> String {
        var copy = string
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
