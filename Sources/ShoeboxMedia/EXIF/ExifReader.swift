import CExif
import Foundation

/// Reads the photo metadata Shoebox catalogs from an EXIF block, through libexif.
///
/// The same parser serves JPEG, HEIC, AVIF, PNG and WebP (libvips hands over each format's EXIF
/// block) and TIFF (`TIFFExifBlock` copies the file's IFDs into a block). Thread-safe: each call parses into its own `ExifData`.
public enum ExifReader {
    /// The catalogued metadata, its capture time the best of the block's own dates.
    public static func metadata(fromEXIF block: Data) -> PhotoMetadata {
        read(fromEXIF: block).metadata
    }

    /// The catalogued metadata, the extras that classify a photo (Apple's maker note, the user
    /// comment) and every capture time the block holds, from one parse. `metadata.takenAt` is
    /// the best of `dates` (`CaptureTimeChoice`); a caller with dates from elsewhere in the
    /// file chooses again among all of them.
    public static func read(fromEXIF block: Data) -> (metadata: PhotoMetadata, extras: ExifExtras, dates: [DateCandidate]) {
        LibraryClock.measure(.libexif) { parse(block) }
    }

    private static func parse(_ block: Data) -> (metadata: PhotoMetadata, extras: ExifExtras, dates: [DateCandidate]) {
        withExifHeader(block).withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0,
                  let data = sb_exif_parse(base, UInt32(clamping: raw.count)) else { return (PhotoMetadata(), ExifExtras(), []) }
            defer { exif_data_unref(data) }
            let block = ExifBlock(data: data)
            let dates = block.dates()
            var metadata = block.metadata()
            if let best = CaptureTimeChoice.best(of: dates) { (metadata.takenAt, metadata.takenAtSource) = (best.value, best.source) }
            var extras = block.extras()
            extras.continuousDrive = DriveModeMakerNote.continuousDrive(inEXIF: UnsafeRawBufferPointer(raw))
            return (metadata, extras, dates)
        }
    }

    /// libexif only finds EXIF after an `Exif\0\0` header (or in a whole JPEG), but a HEIF Exif
    /// item may hold the bare TIFF structure, and libvips hands it over as is (the Nokia 8.3's
    /// HDR HEIFs do this): such a block gets the header, or libexif would read nothing from it.
    static func withExifHeader(_ block: Data) -> Data {
        let tiffStarts: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
        guard tiffStarts.contains(where: { block.starts(with: $0) }) else { return block }
        return Data("Exif\0\0".utf8) + block
    }
}

/// One parsed EXIF block; valid only inside `ExifReader.read(fromEXIF:)`.
private struct ExifBlock {
    let data: UnsafeMutablePointer<ExifData>
    var order: ExifByteOrder { exif_data_get_byte_order(data) }

    func metadata() -> PhotoMetadata {
        var result = PhotoMetadata()
        if let value = integers(EXIF_IFD_0, 0x0112).first, (1...8).contains(value) { result.orientation = value }
        result.make = text(EXIF_IFD_0, 0x010F)
        result.model = text(EXIF_IFD_0, 0x0110)
        result.lensModel = text(EXIF_IFD_EXIF, 0xA434)
        result.iso = integers(EXIF_IFD_EXIF, 0x8827).first.flatMap { $0 > 0 ? $0 : nil }
        result.fNumber = positive(EXIF_IFD_EXIF, 0x829D)
        result.exposureTime = positive(EXIF_IFD_EXIF, 0x829A)
        result.focalLength = positive(EXIF_IFD_EXIF, 0x920A)
        result.location = location()
        return result
    }

    /// Every capture time of the block: the three EXIF dates, each with its sub-seconds and
    /// offset (which live in the Exif IFD, IFD0's DateTime included), and the GPS clock.
    func dates() -> [DateCandidate] {
        let found: [(TakenAtSource, String?)] = [
            (.exifDateTimeOriginal, captureDate(EXIF_IFD_EXIF, 0x9003, offset: 0x9011, subSeconds: 0x9291)),
            (.exifDateTimeDigitized, captureDate(EXIF_IFD_EXIF, 0x9004, offset: 0x9012, subSeconds: 0x9292)),
            (.exifDateTime, captureDate(EXIF_IFD_0, 0x0132, offset: 0x9010, subSeconds: 0x9290)),
            (.exifGPSDateTime, text(EXIF_IFD_GPS, 0x001D).flatMap { ExifDate.gpsDateTime(date: $0, time: numbers(EXIF_IFD_GPS, 0x0007)) }),
        ]
        return found.compactMap { source, value in value.map { DateCandidate(source, $0) } }
    }

    func extras() -> ExifExtras {
        var extras = ExifExtras()
        if let note = entry(EXIF_IFD_EXIF, 0x927C) {
            extras.appleMakerNote = AppleMakerNote.parse(Array(UnsafeBufferPointer(start: note.pointee.data,
                                                                                   count: Int(note.pointee.size))))
        }
        if let comment = entry(EXIF_IFD_EXIF, 0x9286), comment.pointee.size > 8 {
            // 8 bytes name the character set; ASCII and "undefined" are read as text.
            extras.userComment = ExifText.clean(UnsafeBufferPointer(start: comment.pointee.data + 8,
                                                                     count: Int(comment.pointee.size) - 8))
        }
        if let width = integers(EXIF_IFD_EXIF, 0xA002).first, let height = integers(EXIF_IFD_EXIF, 0xA003).first,
           (1 ... 1 << 20).contains(width), (1 ... 1 << 20).contains(height) {
            extras.pixelSize = PixelSize(width: width, height: height)
        }
        return extras
    }

    private func entry(_ ifd: ExifIfd, _ tag: Int32) -> UnsafeMutablePointer<ExifEntry>? {
        guard let entry = sb_exif_entry(data, ifd, tag), entry.pointee.data != nil else { return nil }
        return entry
    }

    private func text(_ ifd: ExifIfd, _ tag: Int32) -> String? {
        guard let entry = entry(ifd, tag) else { return nil }
        let bytes = UnsafeBufferPointer(start: entry.pointee.data, count: Int(entry.pointee.size))
        return ExifText.clean(bytes)
    }

    /// Every numeric component of an entry, whatever integer or rational format it was stored in.
    private func numbers(_ ifd: ExifIfd, _ tag: Int32) -> [Double] {
        guard let entry = entry(ifd, tag) else { return [] }
        let format = entry.pointee.format
        let size = Int(exif_format_get_size(format))
        guard size > 0 else { return [] }
        let count = min(Int(entry.pointee.components), Int(entry.pointee.size) / size)
        let base = entry.pointee.data!
        return (0..<count).compactMap { index in number(at: base + index * size, format: format) }
    }

    private func number(at pointer: UnsafeMutablePointer<UInt8>, format: ExifFormat) -> Double? {
        switch format {
        case EXIF_FORMAT_BYTE: return Double(pointer.pointee)
        case EXIF_FORMAT_SHORT: return Double(exif_get_short(pointer, order))
        case EXIF_FORMAT_SSHORT: return Double(exif_get_sshort(pointer, order))
        case EXIF_FORMAT_LONG: return Double(exif_get_long(pointer, order))
        case EXIF_FORMAT_SLONG: return Double(exif_get_slong(pointer, order))
        case EXIF_FORMAT_RATIONAL:
            let r = exif_get_rational(pointer, order)
            return r.denominator == 0 ? nil : Double(r.numerator) / Double(r.denominator)
        case EXIF_FORMAT_SRATIONAL:
            let r = exif_get_srational(pointer, order)
            return r.denominator == 0 ? nil : Double(r.numerator) / Double(r.denominator)
        default: return nil
        }
    }

    private func integers(_ ifd: ExifIfd, _ tag: Int32) -> [Int] {
        numbers(ifd, tag).compactMap { $0.isFinite && abs($0) < 1e12 ? Int($0) : nil }
    }

    private func positive(_ ifd: ExifIfd, _ tag: Int32) -> Double? {
        guard let value = numbers(ifd, tag).first, value.isFinite, value > 0 else { return nil }
        return value
    }

    private func captureDate(_ ifd: ExifIfd, _ date: Int32, offset: Int32, subSeconds: Int32) -> String? {
        guard let raw = text(ifd, date), let stamp = ExifDate.isoLocalTime(raw) else { return nil }
        let fraction = text(EXIF_IFD_EXIF, subSeconds).flatMap(ExifDate.fraction) ?? ""
        let zone = text(EXIF_IFD_EXIF, offset).flatMap(ExifDate.offset) ?? ""
        return stamp + fraction + zone
    }

    private func location() -> GPSLocation? {
        guard let lat = ExifDate.degrees(numbers(EXIF_IFD_GPS, 2)), let lon = ExifDate.degrees(numbers(EXIF_IFD_GPS, 4)) else { return nil }
        let south = text(EXIF_IFD_GPS, 1)?.uppercased() == "S"
        let west = text(EXIF_IFD_GPS, 3)?.uppercased() == "W"
        return GPSLocation.reading(latitude: south ? -lat : lat, longitude: west ? -lon : lon, altitude: altitude())
    }

    private func altitude() -> Double? {
        guard let entry = entry(EXIF_IFD_GPS, 6), entry.pointee.format == EXIF_FORMAT_RATIONAL, entry.pointee.size >= 8 else { return nil }
        let value = exif_get_rational(entry.pointee.data, order)
        return GPSLocation.exifAltitude(numerator: value.numerator, denominator: value.denominator,
                                        belowSeaLevel: integers(EXIF_IFD_GPS, 5).first == 1)
    }
}
