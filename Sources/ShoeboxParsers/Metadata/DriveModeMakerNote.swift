import ShoeboxModel

/// Whether a camera took a photo in continuous drive, from the maker note of its EXIF block:
/// the tags exiftool documents for each brand (its `Canon`, `Nikon`, `Olympus`, `Pentax`,
/// `Sony` and `Panasonic` modules).
///
/// - Canon: CameraSettings (0x0001) index 5, ContinuousDrive: 1, 3, 4, 5, 8 or 10.
/// - Nikon: ShootingMode (0x0089) bit 0 (Continuous) or bit 11 (Pre-capture).
/// - Olympus and OM System: CameraSettings (0x2020) DriveMode (0x0600) mode 1, then the shot.
/// - Pentax: DriveMode (0x0034) first byte 1 to 4 (Continuous, its speeds, Burst).
/// - Sony: ReleaseMode (0xB049) 2, SequenceNumber (0xB04A) the shot.
/// - Panasonic: BurstMode (0x002A) 1, 4 or 17 (On, Unlimited, On with flash), SequenceNumber
///   (0x002B) the shot.
///
/// Each brand's note is found by its header (Nikon, Olympus, Pentax, Sony, Panasonic) or by
/// the camera's make (Canon, and Nikon's notes without a header), and its offsets counted
/// from where that brand counts them. A pure parser over untrusted bytes: nil for a single
/// frame, an unknown camera or anything malformed, never a crash.
public enum DriveModeMakerNote {
    /// The drive mode an EXIF block's maker note records: `Exif\0\0` then a TIFF structure,
    /// or the TIFF structure alone.
    public static func continuousDrive(inEXIF block: UnsafeRawBufferPointer) -> ContinuousDrive? {
        let header = Array("Exif\0\0".utf8)
        let tiff = block.starts(with: header) ? UnsafeRawBufferPointer(rebasing: block[header.count...]) : block
        guard let note = MakerNote(tiff: tiff) else { return nil }
        return canon(note) ?? nikon(note) ?? olympus(note) ?? pentax(note) ?? sony(note) ?? panasonic(note)
    }

    static func canon(_ note: MakerNote) -> ContinuousDrive? {
        guard note.make.hasPrefix("Canon"), let ifd = note.directory(at: 0, base: 0) else { return nil }
        let settings = ifd.integers(0x0001, limit: 6)
        guard settings.count == 6, [1, 3, 4, 5, 8, 10].contains(settings[5]) else { return nil }
        return ContinuousDrive()
    }

    static func nikon(_ note: MakerNote) -> ContinuousDrive? {
        let ifd: MakerNoteDirectory?
        if note.starts(with: "Nikon\0\u{2}") {
            // A TIFF structure of its own after 10 bytes, its offsets counted from its header.
            guard let inner = note.innerTIFF(at: 10) else { return nil }
            ifd = MakerNoteDirectory(note.tiff, at: inner.start + inner.header.firstDirectory, base: inner.start,
                                     littleEndian: inner.header.littleEndian)
        } else if note.make.uppercased().hasPrefix("NIKON"), !note.starts(with: "Nikon\0") {
            ifd = note.directory(at: 0, base: 0)
        } else {
            return nil
        }
        guard let mode = ifd?.integers(0x0089, limit: 1).first, mode & 0x801 != 0 else { return nil }
        return ContinuousDrive()
    }

    static func olympus(_ note: MakerNote) -> ContinuousDrive? {
        let ifd: MakerNoteDirectory?
        if note.starts(with: "OLYMPUS\0") || note.starts(with: "OM SYSTEM\0") {
            // The byte order follows the name; offsets count from the note's first byte.
            let orderAt = note.starts(with: "OLYMPUS\0") ? 8 : 12
            guard let littleEndian = note.byteOrder(at: orderAt) else { return nil }
            ifd = MakerNoteDirectory(note.tiff, at: note.start + orderAt + 4, base: note.start, littleEndian: littleEndian)
        } else if note.starts(with: "OLYMP\0") || note.starts(with: "EPSON\0") {
            ifd = note.directory(at: 8, base: 0)
        } else {
            return nil
        }
        guard let ifd, let settings = ifd.entry(0x2020) else { return nil }
        // A pointer to the settings' IFD, or (older cameras) the IFD itself as the value.
        let start = settings.type == 7 ? settings.valueStart : ifd.integers(0x2020, limit: 1).first.map { ifd.base + $0 }
        guard let start, let camera = MakerNoteDirectory(note.tiff, at: start, base: ifd.base, littleEndian: ifd.littleEndian)
        else { return nil }
        let drive = camera.integers(0x0600, limit: 2)
        guard drive.first == 1 else { return nil }
        return ContinuousDrive(shot: drive.count == 2 ? drive[1] : nil)
    }

    static func pentax(_ note: MakerNote) -> ContinuousDrive? {
        let ifd: MakerNoteDirectory?
        if note.starts(with: "AOC\0") {
            ifd = note.directory(at: 6, base: note.start, order: note.byteOrder(at: 4))
        } else if note.starts(with: "PENTAX \0") {
            ifd = note.directory(at: 10, base: note.start, order: note.byteOrder(at: 8))
        } else {
            return nil
        }
        guard let mode = ifd?.integers(0x0034, limit: 1).first, (1...4).contains(mode) else { return nil }
        return ContinuousDrive()
    }

    static func sony(_ note: MakerNote) -> ContinuousDrive? {
        let headers = ["SONY DSC \0\0\0", "SONY CAM \0\0\0", "SONY MOBILE\0"]
        guard headers.contains(where: note.starts(with:)), let ifd = note.directory(at: 12, base: 0),
              ifd.integers(0xB049, limit: 1).first == 2 else { return nil }
        return ContinuousDrive(shot: ifd.integers(0xB04A, limit: 1).first.flatMap { (1..<65535).contains($0) ? $0 : nil })
    }

    static func panasonic(_ note: MakerNote) -> ContinuousDrive? {
        guard note.starts(with: "Panasonic\0\0\0"), let ifd = note.directory(at: 12, base: 0),
              let mode = ifd.integers(0x002A, limit: 1).first, [1, 4, 17].contains(mode) else { return nil }
        return ContinuousDrive(shot: ifd.integers(0x002B, limit: 1).first.flatMap { $0 > 0 ? $0 : nil })
    }
}
