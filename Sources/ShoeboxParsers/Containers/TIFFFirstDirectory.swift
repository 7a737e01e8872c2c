/// The entries of a TIFF file's first IFD, read without trusting any offset or count: enough to
/// tell a DNG or a maker's RAW from a plain TIFF (`FormatSniffer.tiffBasedRaw`), and to see how
/// its pixels are laid out (`DecodeMemory.tiff`).
package struct TIFFFirstDirectory {
    private struct Entry {
        let type: Int
        let count: Int
        /// Where the value is: inside the entry when it fits in 4 bytes, else at its offset.
        let valueOffset: Int
    }

    static let maxEntries = 1024
    static let maxTextBytes = 256

    private let bytes: UnsafeRawBufferPointer
    private let littleEndian: Bool
    private let entries: [Int: Entry]

    /// nil when `bytes` does not start with a TIFF header whose IFD0 can be read.
    package init?(_ bytes: UnsafeRawBufferPointer) {
        guard let header = TIFFHeader(bytes) else { return nil }
        (self.bytes, littleEndian) = (bytes, header.littleEndian)
        var cursor = ByteCursor(bytes, from: header.firstDirectory, littleEndian: littleEndian)
        guard let count = cursor.u16(), count <= Self.maxEntries else { return nil }
        var entries: [Int: Entry] = [:]
        for _ in 0..<count {
            let at = cursor.offset
            guard let tag = cursor.u16(), let type = cursor.u16(), let components = cursor.u32(),
                  let pointer = cursor.u32() else { return nil }
            let size = components * (Self.typeSizes[type] ?? 1)
            entries[tag] = Entry(type: type, count: components, valueOffset: size <= 4 ? at + 8 : pointer)
        }
        self.entries = entries
    }

    private static let typeSizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]

    func has(tag: Int) -> Bool { entries[tag] != nil }

    /// The first value of a SHORT or LONG entry (types 3 and 4); nil when absent, of another
    /// type, or outside the file.
    package func integer(tag: Int) -> Int? {
        guard let entry = entries[tag], entry.count >= 1, entry.type == 3 || entry.type == 4 else { return nil }
        let size = entry.type == 3 ? 2 : 4
        guard entry.valueOffset >= 0, entry.valueOffset + size <= bytes.count else { return nil }
        var cursor = ByteCursor(bytes, from: entry.valueOffset, littleEndian: littleEndian)
        return size == 2 ? cursor.u16() : cursor.u32()
    }

    /// An ASCII value (type 2) up to its first NUL, at most `maxTextBytes`; nil when absent or
    /// outside the file.
    func text(tag: Int) -> String? {
        guard let entry = entries[tag], entry.type == 2, entry.valueOffset >= 0 else { return nil }
        let length = min(entry.count, Self.maxTextBytes)
        guard entry.valueOffset + length <= bytes.count else { return nil }
        var cursor = ByteCursor(bytes, from: entry.valueOffset, to: entry.valueOffset + length)
        return cursor.cString()
    }
}
