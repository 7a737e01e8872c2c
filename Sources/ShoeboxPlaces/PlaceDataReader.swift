/// Reads the places data's little-endian fields in order, each read checked against the
/// bytes left, so that a cut or damaged file is an error, never a read past its end.
struct PlaceDataReader {
    private let raw: UnsafeRawBufferPointer
    private let path: String
    private(set) var offset = 0

    init(_ raw: UnsafeRawBufferPointer, path: String) {
        (self.raw, self.path) = (raw, path)
    }

    var remaining: Int { raw.count - offset }

    func malformed(_ reason: String) -> PlaceDataError {
        .malformed(path: path, offset: offset, reason: reason)
    }

    mutating func bytes(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw malformed("it ends early") }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
    }

    mutating func u32() throws -> UInt32 {
        UInt32(littleEndian: try bytes(4).loadUnaligned(as: UInt32.self))
    }

    mutating func i32() throws -> Int32 {
        Int32(bitPattern: try u32())
    }

    /// A count of records of `each` bytes, refused when that many could not fit in the file.
    mutating func count(each: Int) throws -> Int {
        let count = Int(try u32())
        guard count <= remaining / each else { throw malformed("a count of \(count) that the file cannot hold") }
        return count
    }
}
