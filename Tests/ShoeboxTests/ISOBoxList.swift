/// The boxes laid end to end in part of an ISO base media file (MP4, HEIF), for the fixtures
/// that rewrite one: each box's type and byte range. 32-bit sizes only; the list stops at the
/// first box that is too small or runs past `end`.
enum ISOBoxList {
    static func boxes(in bytes: [UInt8], from start: Int, to end: Int) -> [(type: String, start: Int, end: Int)] {
        var found: [(type: String, start: Int, end: Int)] = []
        var offset = start
        while offset + 8 <= end {
            let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard size >= 8, offset + size <= end else { break }
            found.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), offset, offset + size))
            offset += size
        }
        return found
    }
}
