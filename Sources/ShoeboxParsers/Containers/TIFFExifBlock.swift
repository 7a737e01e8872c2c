import Foundation

/// A TIFF file's EXIF structure (IFD0, its Exif IFD and its GPS IFD) copied into an EXIF block
/// that `ExifReader` reads like a JPEG's APP1: TIFF, DNG and the TIFF-based RAW files libvips
/// opens keep their capture dates, camera and GPS there, and libvips hands over no EXIF block
/// for them.
///
/// A TIFF file *is* an EXIF structure, but libexif reads only the first 64 KB of a block, and
/// TIFF writers often put IFD0 after the pixels, at the end of the file. So the entries of the
/// three IFDs are copied with their values (offsets rewritten, byte order kept), leaving out
/// what no reader here needs and what could not be copied: strip and tile tables, embedded
/// XMP, IPTC, ICC and Photoshop blocks, maker notes (their offsets point into the original
/// file), the interoperability IFD, and any value over 4 KB. At most 60 KB are copied.
///
/// Every offset and count is untrusted: reads go through `ByteCursor`. A file whose header or
/// IFD0 cannot be read gives nil; an Exif or GPS IFD that cannot be read is left out.
package struct TIFFExifBlock {
    struct Entry: Equatable {
        let tag: Int
        let type: Int
        let count: Int
        /// The value's bytes, in the file's byte order.
        let value: [UInt8]
    }

    static let exifPointer = 0x8769
    static let gpsPointer = 0x8825
    static let maxBlockBytes = 60_000
    static let maxValueBytes = 4096
    static let maxEntries = 1024

    /// Bytes per component of each TIFF field type (13 is IFD: a pointer).
    static let typeSizes: [Int: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]

    /// Strip and tile tables, SubIFDs, XMP, IPTC, Photoshop, ICC, maker note, interoperability IFD.
    static let leftOut: Set<Int> = [0x0111, 0x0117, 0x0144, 0x0145, 0x014A, 0x02BC, 0x83BB, 0x8649, 0x8773, 0x927C, 0xA005]

    let bytes: UnsafeRawBufferPointer
    let littleEndian: Bool

    /// The block, `Exif\0\0` then a TIFF structure, or nil.
    package static func extract(from bytes: UnsafeRawBufferPointer) -> Data? {
        extract(from: bytes, magics: [42])
    }

    /// The same for a TIFF-like file whose header carries another number than TIFF's 42, one of
    /// `magics` (a Panasonic RW2's 0x55, an Olympus ORF's `RO` or `RS`: `RawEXIF`).
    package static func extract(from bytes: UnsafeRawBufferPointer, magics: Set<Int>) -> Data? {
        var budget = maxBlockBytes
        guard let (file, main) = firstDirectory(bytes, magics: magics, budget: &budget) else { return nil }
        let exif = file.pointer(exifPointer, in: main).flatMap { file.directory(at: $0, budget: &budget) }
        let gps = file.pointer(gpsPointer, in: main).flatMap { file.directory(at: $0, budget: &budget) }
        // Pointers are written again where the IFDs land; one anywhere else would lead libexif astray.
        let notPointer = { (entry: Entry) in entry.tag != exifPointer && entry.tag != gpsPointer }
        return file.block(main: main.filter(notPointer), exif: exif?.filter(notPointer), gps: gps?.filter(notPointer))
    }

    /// The file's byte order (`II` or `MM`) and the kept entries of its first IFD, when its
    /// header's number is one of `magics` (TIFF's 42 by default); nil otherwise.
    static func firstDirectory(_ bytes: UnsafeRawBufferPointer, magics: Set<Int> = [42],
                               budget: inout Int) -> (TIFFExifBlock, [Entry])? {
        guard let header = TIFFHeader(bytes, magics: magics) else { return nil }
        let file = TIFFExifBlock(bytes: bytes, littleEndian: header.littleEndian)
        guard let entries = file.directory(at: header.firstDirectory, budget: &budget) else { return nil }
        return (file, entries)
    }

    /// The kept entries of the IFD at `offset`, their values taken from `budget`; nil when its
    /// entry count cannot be read or is not believable.
    func directory(at offset: Int, budget: inout Int) -> [Entry]? {
        var cursor = ByteCursor(bytes, from: offset, littleEndian: littleEndian)
        guard let count = cursor.u16(), count <= Self.maxEntries else { return nil }
        var entries: [Entry] = []
        for _ in 0..<count {
            let fieldStart = cursor.offset + 8
            guard let tag = cursor.u16(), let type = cursor.u16(), let components = cursor.u32(),
                  let field = cursor.u32() else { break }
            guard !Self.leftOut.contains(tag), let size = Self.typeSizes[type], components <= Self.maxValueBytes,
                  size * components <= Self.maxValueBytes, size * components + 12 <= budget else { continue }
            let start = size * components <= 4 ? fieldStart : field
            guard start <= bytes.count - size * components else { continue }
            budget -= size * components + 12
            entries.append(Entry(tag: tag, type: type, count: components, value: Array(bytes[start..<start + size * components])))
        }
        return entries
    }

    /// The offset an IFD pointer entry (LONG or IFD) holds.
    func pointer(_ tag: Int, in entries: [Entry]) -> Int? {
        guard let entry = entries.first(where: { $0.tag == tag }), entry.type == 4 || entry.type == 13,
              entry.value.count >= 4 else { return nil }
        return entry.value.withUnsafeBytes { raw in
            var cursor = ByteCursor(raw, littleEndian: littleEndian)
            return cursor.u32()
        }
    }

    /// `Exif\0\0`, the TIFF header, then IFD0 (with pointers to the others), the Exif IFD and
    /// the GPS IFD, each followed by the values that do not fit in its entries.
    func block(main: [Entry], exif: [Entry]?, gps: [Entry]?) -> Data {
        let exifStart = 8 + Self.size(of: main) + (exif == nil ? 0 : 12) + (gps == nil ? 0 : 12)
        let gpsStart = exifStart + (exif.map(Self.size(of:)) ?? 0)
        var first = main
        if exif != nil { first.append(pointerEntry(Self.exifPointer, to: exifStart)) }
        if gps != nil { first.append(pointerEntry(Self.gpsPointer, to: gpsStart)) }
        var out = Array("Exif\0\0".utf8) + (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + number(42, 2) + number(8, 4)
        for (entries, start) in [(first, 8), (exif, exifStart), (gps, gpsStart)] {
            if let entries { out += directoryBytes(entries.sorted { $0.tag < $1.tag }, at: start) }
        }
        return Data(out)
    }

    /// Entry count, entries, a zero next-IFD offset, then the out-of-line values (each padded
    /// to an even length).
    private func directoryBytes(_ entries: [Entry], at start: Int) -> [UInt8] {
        var table = number(entries.count, 2)
        var values: [UInt8] = []
        let valuesStart = start + 2 + 12 * entries.count + 4
        for entry in entries {
            table += number(entry.tag, 2) + number(entry.type, 2) + number(entry.count, 4)
            if entry.value.count <= 4 {
                table += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                table += number(valuesStart + values.count, 4)
                values += entry.value + (entry.value.count % 2 == 1 ? [0] : [])
            }
        }
        return table + number(0, 4) + values
    }

    private static func size(of entries: [Entry]) -> Int {
        2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.value.count <= 4 ? 0 : ($1.value.count + 1) / 2 * 2) }
    }

    private func pointerEntry(_ tag: Int, to offset: Int) -> Entry {
        Entry(tag: tag, type: 4, count: 1, value: number(offset, 4))
    }

    /// `value` in `width` bytes, in the file's byte order.
    private func number(_ value: Int, _ width: Int) -> [UInt8] {
        let bigEndian = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - $0))) }
        return littleEndian ? bigEndian.reversed() : bigEndian
    }
}
