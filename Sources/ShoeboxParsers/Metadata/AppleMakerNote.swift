/// Reads the few tags Shoebox needs from an Apple maker note ("Apple iOS\0", version, "MM",
/// then a big-endian IFD whose offsets count from the note's first byte).
///
/// A pure parser over untrusted bytes: every offset and count is bounds-checked, and a
/// malformed note gives an empty result, never a crash.
public struct AppleMakerNote: Equatable, Sendable {
    /// Tag 0x0011 (exiftool: ContentIdentifier / MediaGroupUUID): the Live Photo pairing key.
    public var contentIdentifier: String?
    /// Tag 0x000B (BurstUUID).
    public var burstIdentifier: String?
    /// Tag 0x000A (HDRImageType): 3 is an HDR photo, 4 the original kept beside it.
    public var hdrImageType: Int?

    static let signature = Array("Apple iOS\0".utf8)

    public init(contentIdentifier: String? = nil, burstIdentifier: String? = nil, hdrImageType: Int? = nil) {
        self.contentIdentifier = contentIdentifier
        self.burstIdentifier = burstIdentifier
        self.hdrImageType = hdrImageType
    }

    /// nil unless `note` is an Apple maker note.
    public static func parse(_ note: [UInt8]) -> AppleMakerNote? {
        guard note.count >= 16, note.starts(with: signature), note[12] == 0x4D, note[13] == 0x4D else { return nil }
        let count = Int(readUInt16(note, 14))
        var result = AppleMakerNote()
        for index in 0..<min(count, 512) {
            let entry = 16 + index * 12
            guard entry + 12 <= note.count else { break }
            let tag = readUInt16(note, entry), type = readUInt16(note, entry + 2)
            let components = Int(readUInt32(note, entry + 4))
            switch tag {
            case 0x0011: result.contentIdentifier = text(note, entry: entry, type: type, count: components)
            case 0x000B: result.burstIdentifier = text(note, entry: entry, type: type, count: components)
            case 0x000A: result.hdrImageType = integer(note, entry: entry, type: type)
            default: continue
            }
        }
        return result
    }

    /// An ASCII value: inline when it fits in four bytes, else at its offset.
    private static func text(_ note: [UInt8], entry: Int, type: UInt16, count: Int) -> String? {
        guard type == 2, count > 0, count <= 256 else { return nil }
        let start = count <= 4 ? entry + 8 : Int(readUInt32(note, entry + 8))
        guard start >= 0, start + count <= note.count else { return nil }
        return ExifText.clean(note[start..<start + count])
    }

    private static func integer(_ note: [UInt8], entry: Int, type: UInt16) -> Int? {
        switch type {
        case 3: return Int(readUInt16(note, entry + 8))
        case 4, 9: return Int(Int32(bitPattern: readUInt32(note, entry + 8)))
        default: return nil
        }
    }

    private static func readUInt16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
