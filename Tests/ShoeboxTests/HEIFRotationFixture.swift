import Foundation
import Testing

/// Gives the primary image of a HEIF file that libvips wrote (which writes no transformation
/// property) an `irot` property, as a camera writes it: for tests of the container's rule.
///
/// The `meta` box grows, so it moves to the end of the file and a `free` box of its old size
/// keeps its place: every item's offset into the file stays what `iloc` says. Only the simple
/// boxes libvips writes are handled (32-bit sizes, one `ipco`, one `ipma`).
enum HEIFRotationFixture {
    static func addingRotation(anticlockwiseQuarterTurns turns: Int, to file: Data) throws -> Data {
        let bytes = [UInt8](file)
        let meta = try #require(ISOBoxList.boxes(in: bytes, from: 0, to: bytes.count).first { $0.type == "meta" })
        let children = ISOBoxList.boxes(in: bytes, from: meta.start + 12, to: meta.end)
        let pitm = try #require(children.first { $0.type == "pitm" })
        let primary = Int(bytes[pitm.start + 12]) << 8 | Int(bytes[pitm.start + 13])   // version 0: 16-bit id
        var newMeta = Array(bytes[meta.start + 8..<meta.start + 12])
        for child in children {
            if child.type == "iprp" {
                newMeta += try rotatedProperties(bytes, child, primary: primary, turns: turns)
            } else {
                newMeta += bytes[child.start..<child.end]
            }
        }
        let free = box("free", Array(repeating: 0, count: meta.end - meta.start - 8))
        return Data(bytes[..<meta.start] + free + bytes[meta.end...] + box("meta", newMeta))
    }

    /// `iprp` with an `irot` appended to `ipco` and associated with the primary item in `ipma`.
    private static func rotatedProperties(_ bytes: [UInt8], _ iprp: (type: String, start: Int, end: Int),
                                          primary: Int, turns: Int) throws -> [UInt8] {
        let parts = ISOBoxList.boxes(in: bytes, from: iprp.start + 8, to: iprp.end)
        let ipco = try #require(parts.first { $0.type == "ipco" })
        let ipma = try #require(parts.first { $0.type == "ipma" })
        let index = ISOBoxList.boxes(in: bytes, from: ipco.start + 8, to: ipco.end).count + 1
        let newIPCO = box("ipco", Array(bytes[ipco.start + 8..<ipco.end]) + box("irot", [UInt8(turns & 3)]))
        let (version, wide) = (bytes[ipma.start + 8], bytes[ipma.start + 11] & 1 == 1)
        try #require(version == 0 && !wide && index < 128, "an ipma this fixture does not handle")
        var newIPMA = Array(bytes[ipma.start + 8..<ipma.start + 16])   // version, flags, entry count
        var offset = ipma.start + 16, associated = false
        while offset < ipma.end {
            let item = Int(bytes[offset]) << 8 | Int(bytes[offset + 1]), count = Int(bytes[offset + 2])
            let associations = Array(bytes[offset + 3..<offset + 3 + count])
            let added: [UInt8] = item == primary ? [0x80 | UInt8(index)] : []
            newIPMA += bytes[offset..<offset + 2] + [UInt8(count + added.count)] + associations + added
            offset += 3 + count
            associated = associated || item == primary
        }
        try #require(associated, "the primary item has no properties to add to")
        return box("iprp", newIPCO + box("ipma", newIPMA))
    }

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(payload.count + 8)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + payload
    }
}
