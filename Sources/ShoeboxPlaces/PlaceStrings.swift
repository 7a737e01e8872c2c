/// The places data's strings: one buffer of UTF-8 and where each string starts; a string is
/// made only when asked for.
struct PlaceStrings: Sendable {
    private var offsets: [Int] = []
    private var utf8: [UInt8] = []

    init() {}

    init(_ reader: inout PlaceDataReader, count: Int, bytes: Int) throws {
        offsets.reserveCapacity(count + 1)
        for _ in 0...count { offsets.append(Int(try reader.u32())) }
        guard offsets.first == 0, offsets.last == bytes, zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw reader.malformed("string offsets out of order")
        }
        utf8 = Array(try reader.bytes(bytes))
    }

    var count: Int { offsets.count - 1 }

    subscript(_ index: Int) -> String {
        String(decoding: utf8[offsets[index]..<offsets[index + 1]], as: UTF8.self)
    }

    /// String `index`, which must exist.
    func checked(_ index: Int, _ reader: PlaceDataReader) throws -> String {
        guard index >= 0, index < count else { throw reader.malformed("a string index past the table") }
        return self[index]
    }
}
