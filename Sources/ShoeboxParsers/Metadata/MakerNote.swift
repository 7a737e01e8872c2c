/// The maker note of a TIFF structure (IFD0's Exif IFD, tag 0x927C) and the camera's make.
struct MakerNote {
    let tiff: UnsafeRawBufferPointer
    let littleEndian: Bool
    let make: String
    /// Where the note's bytes start in `tiff`, and how many there are.
    let start: Int
    let count: Int

    init?(tiff: UnsafeRawBufferPointer) {
        guard let header = TIFFHeader(tiff),
              let ifd0 = MakerNoteDirectory(tiff, at: header.firstDirectory, base: 0, littleEndian: header.littleEndian),
              let exifOffset = ifd0.integers(0x8769, limit: 1).first,
              let exif = MakerNoteDirectory(tiff, at: exifOffset, base: 0, littleEndian: header.littleEndian),
              let note = exif.entry(0x927C), note.type == 7 || note.type == 1, note.count >= 12 else { return nil }
        (self.tiff, littleEndian) = (tiff, header.littleEndian)
        (start, count) = (note.valueStart, note.count)
        make = ifd0.entry(0x010F).flatMap { ExifText.clean(tiff[$0.valueStart..<$0.valueStart + $0.count]) } ?? ""
    }

    func starts(with text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count <= count && tiff[start..<start + bytes.count].elementsEqual(bytes)
    }

    /// The byte order written at `offset` in the note (`II` or `MM`), else nil.
    func byteOrder(at offset: Int) -> Bool? {
        guard offset + 2 <= count else { return nil }
        switch (tiff[start + offset], tiff[start + offset + 1]) {
        case (0x49, 0x49): return true
        case (0x4D, 0x4D): return false
        default: return nil
        }
    }

    /// The IFD `offset` bytes into the note, its offsets counted from `base` (a position in
    /// `tiff`), in `order` or else in the order its entry count makes believable.
    func directory(at offset: Int, base: Int, order: Bool? = nil) -> MakerNoteDirectory? {
        guard offset < count else { return nil }
        if let order { return MakerNoteDirectory(tiff, at: start + offset, base: base, littleEndian: order) }
        return MakerNoteDirectory.guessingOrder(tiff, at: start + offset, base: base, preferred: littleEndian)
    }

    /// A TIFF header `offset` bytes into the note, and where it starts in `tiff`.
    func innerTIFF(at offset: Int) -> (start: Int, header: TIFFHeader)? {
        guard offset + 8 <= count,
              let header = TIFFHeader(UnsafeRawBufferPointer(rebasing: tiff[(start + offset)...])) else { return nil }
        return (start + offset, header)
    }
}
