/// One IFD of an EXIF structure or a maker note, read from untrusted bytes: each entry's tag,
/// type, count and where its value lies. Maker notes count their offsets from different
/// places (the TIFF header, the note's first byte, a header of their own), so the caller
/// gives `base`, the position offsets count from; values of four bytes or fewer lie in the
/// entry itself.
///
/// Every position is checked against the bytes: an entry whose value would lie outside them
/// is left out, and at most `maxEntries` entries are read.
struct MakerNoteDirectory {
    struct Entry {
        let tag: Int
        let type: Int
        let count: Int
        /// Where the value's first byte lies in the bytes, inline or at `base` + its offset.
        let valueStart: Int
    }

    static let maxEntries = 512

    let bytes: UnsafeRawBufferPointer
    let littleEndian: Bool
    /// The position in `bytes` the IFD's offsets count from.
    let base: Int
    let entries: [Entry]

    /// The IFD at `offset` (a position in `bytes`), or nil when its entry count cannot be
    /// read or is not believable (none, or more than `maxEntries`).
    init?(_ bytes: UnsafeRawBufferPointer, at offset: Int, base: Int, littleEndian: Bool) {
        var cursor = ByteCursor(bytes, from: offset, littleEndian: littleEndian)
        guard offset >= 0, let count = cursor.u16(), (1...Self.maxEntries).contains(count) else { return nil }
        (self.bytes, self.littleEndian, self.base) = (bytes, littleEndian, base)
        var entries: [Entry] = []
        for _ in 0..<count {
            let fieldStart = cursor.offset + 8
            guard let tag = cursor.u16(), let type = cursor.u16(), let components = cursor.u32(),
                  let field = cursor.u32() else { break }
            guard let size = TIFFExifBlock.typeSizes[type], components <= bytes.count, size * components <= bytes.count else { continue }
            let start = size * components <= 4 ? fieldStart : base + field
            guard start >= 0, start <= bytes.count - size * components else { continue }
            entries.append(Entry(tag: tag, type: type, count: components, valueStart: start))
        }
        self.entries = entries
    }

    /// The IFD at `offset`, read in `preferred` byte order unless its entry count is only
    /// believable in the other (maker notes often keep an order of their own, unsaid).
    static func guessingOrder(_ bytes: UnsafeRawBufferPointer, at offset: Int, base: Int,
                              preferred littleEndian: Bool) -> MakerNoteDirectory? {
        MakerNoteDirectory(bytes, at: offset, base: base, littleEndian: littleEndian)
            ?? MakerNoteDirectory(bytes, at: offset, base: base, littleEndian: !littleEndian)
    }

    func entry(_ tag: Int) -> Entry? {
        entries.first { $0.tag == tag }
    }

    /// Up to `limit` unsigned integer components of an entry stored as BYTE, SHORT, LONG or
    /// IFD (their signed twins read as stored); empty for any other type.
    func integers(_ tag: Int, limit: Int = 64) -> [Int] {
        guard let entry = entry(tag), [1, 3, 4, 6, 7, 8, 9, 13].contains(entry.type),
              let size = TIFFExifBlock.typeSizes[entry.type] else { return [] }
        var cursor = ByteCursor(bytes, from: entry.valueStart, littleEndian: littleEndian)
        return (0..<min(entry.count, limit)).compactMap { _ in cursor.uint(size).map(Int.init) }
    }
}
