/// Reads big-endian (or, for TIFF's `II` files, little-endian) fields from a byte range,
/// failing (nil) instead of reading past its end: every count and offset in a container file
/// is untrusted.
package struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    package private(set) var offset: Int
    let end: Int
    let littleEndian: Bool

    package init(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil, littleEndian: Bool = false) {
        self.bytes = bytes
        self.offset = max(start, 0)
        self.end = min(end ?? bytes.count, bytes.count)
        self.littleEndian = littleEndian
    }

    package var remaining: Int { max(end - offset, 0) }

    mutating func uint(_ size: Int) -> UInt64? {
        guard size >= 0, size <= 8, offset + size <= end else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + (littleEndian ? size - 1 - i : i)]) }
        offset += size
        return value
    }

    package mutating func u8() -> Int? { uint(1).map(Int.init) }
    package mutating func u16() -> Int? { uint(2).map(Int.init) }
    package mutating func u32() -> Int? { uint(4).map(Int.init) }

    /// A field of `size` bytes (0, 4 or 8 in `iloc`) that must fit an `Int`.
    package mutating func sized(_ size: Int) -> Int? {
        guard let value = uint(size), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    package mutating func fourCC() -> String? {
        guard offset + 4 <= end else { return nil }
        let text = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        offset += 4
        return text
    }

    package mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, offset + count <= end else { return false }
        offset += count
        return true
    }

    /// The bytes up to the next NUL (consumed), or to the end.
    mutating func cString() -> String {
        var stop = offset
        while stop < end && bytes[stop] != 0 { stop += 1 }
        let text = String(decoding: bytes[offset..<stop], as: UTF8.self)
        offset = min(stop + 1, end)
        return text
    }
}
