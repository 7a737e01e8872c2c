import Foundation

/// Finds a RAW file's own EXIF, as exiftool reads it, for `ExifReader`: LibRaw keeps only its
/// own normalised names (`EOS M50` for `Canon EOS M50`, `Fujifilm` for `FUJIFILM`).
///
/// - TIFF-based RAWs (DNG, CR2, NEF, ARW, PEF, IIQ, ...): the file's IFD0, Exif and GPS IFDs;
///   also RW2 and ORF, whose headers carry another number than TIFF's 42.
/// - CR3: the `CMT1` (IFD0), `CMT2` (Exif IFD) and `CMT4` (GPS IFD) boxes, each a small TIFF.
/// - RAF: the JPEG whose offset and length the RAF header gives at bytes 84 and 88.
/// - MRW: the TIFF structure of its `TTW` block (IFD0 and the Exif IFD).
/// - Others (CRW, X3F): none here; LibRaw's reading stands.
///
/// Every offset and size is untrusted; what cannot be found is nil.
package enum RawEXIF {
    /// How far into a CR3 its `CMT` boxes are looked for (they sit in the `moov` box, first).
    static let cr3SearchBytes = 1 << 20

    /// TIFF's 42, Panasonic's 0x55, Olympus's `RO` and `RS` (read in the file's byte order).
    static let tiffLikeMagics: Set<Int> = [42, 0x55, 0x4F52, 0x5352]

    package static func block(in bytes: UnsafeRawBufferPointer, format: MediaFormat) -> Data? {
        switch format {
        case .cr3: return cr3Block(bytes)
        case .raf: return rafJPEG(bytes)
        case .mrw: return mrwTIFF(bytes).flatMap { TIFFExifBlock.extract(from: $0) }
        case .rw2, .orf: return TIFFExifBlock.extract(from: bytes, magics: tiffLikeMagics)
        default: return TIFFExifBlock.extract(from: bytes)
        }
    }

    private static func cr3Block(_ bytes: UnsafeRawBufferPointer) -> Data? {
        guard let ifd0 = box("CMT1", in: bytes) else { return nil }
        return TIFFExifBlock.extract(ifd0Of: ifd0, exifOf: box("CMT2", in: bytes), gpsOf: box("CMT4", in: bytes))
    }

    /// The content of the first box of type `type` within the first `cr3SearchBytes`.
    private static func box(_ type: String, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let name = Array(type.utf8)
        let end = min(bytes.count, cr3SearchBytes)
        var at = 4
        while at + 4 <= end {
            if bytes[at] == name[0] && bytes[at + 1] == name[1] && bytes[at + 2] == name[2] && bytes[at + 3] == name[3] {
                var cursor = ByteCursor(bytes, from: at - 4)
                if let size = cursor.u32(), size >= 8, at - 4 + size <= bytes.count {
                    return UnsafeRawBufferPointer(rebasing: bytes[(at + 4)..<(at - 4 + size)])
                }
            }
            at += 1
        }
        return nil
    }

    private static func rafJPEG(_ bytes: UnsafeRawBufferPointer) -> Data? {
        var cursor = ByteCursor(bytes, from: 84)
        guard let offset = cursor.u32(), let length = cursor.u32(), length > 4, offset + length <= bytes.count,
              bytes[offset] == 0xFF, bytes[offset + 1] == 0xD8 else { return nil }
        return Data(bytes[offset..<offset + length])
    }

    /// An MRW is `\0MRM`, the length of its header blocks, then blocks of a 4-byte name and a
    /// big-endian length (`\0PRD`, `\0TTW`, `\0WBG`, `\0RIF`): `\0TTW` holds a TIFF whose
    /// offsets count from the block's start.
    static func mrwTIFF(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var header = ByteCursor(bytes, from: 4)
        guard bytes.count >= 8, bytes[0] == 0, bytes[1] == 0x4D, bytes[2] == 0x52, bytes[3] == 0x4D,
              let length = header.u32() else { return nil }
        let end = min(bytes.count, 8 + length)
        var at = 8
        while at + 8 <= end {
            var cursor = ByteCursor(bytes, from: at + 4)
            guard let size = cursor.u32(), at + 8 + size <= end else { return nil }
            if bytes[at] == 0, bytes[at + 1] == 0x54, bytes[at + 2] == 0x54, bytes[at + 3] == 0x57 {
                return UnsafeRawBufferPointer(rebasing: bytes[(at + 8)..<(at + 8 + size)])
            }
            at += 8 + size
        }
        return nil
    }
}
