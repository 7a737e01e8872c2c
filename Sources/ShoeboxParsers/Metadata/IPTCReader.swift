/// Reads an IPTC-IIM block: the capture date, DateCreated (2:55, `CCYYMMDD`) with
/// TimeCreated (2:60, `HHMMSS±HHMM`), and the keywords, caption and title.
///
/// libvips hands over a JPEG's APP13 segment (`Photoshop 3.0`, then image resources, one of
/// which, 0x0404, is the IIM block) and a TIFF's IPTC tag (the IIM block itself); both are read
/// here. Every length is untrusted: reads go through `ByteCursor`.
public enum IPTCReader {
    /// DateCreated as `2012-01-01`, with TimeCreated `2012-01-01T10:11:12+02:00` when the
    /// block has one; nil when there is no readable DateCreated.
    public static func dateCreated(in bytes: UnsafeRawBufferPointer) -> String? {
        guard let iim = iimBlock(in: bytes) else { return nil }
        let datasets = records(in: iim)
        guard let date = datasets[55].flatMap(isoDate) else { return nil }
        return date + (datasets[60].flatMap(isoTime) ?? "")
    }

    /// What IPTC-IIM says of the picture, as Picasa, Photo Mechanic and newsroom tools write
    /// it: Keywords (2:25, one dataset each), Caption/Abstract (2:120) and Object Name (2:05,
    /// the title). Text is UTF-8 when it reads as UTF-8 (the coded character set 1:90 that
    /// says so is often missing), else ISO 8859-1, the IIM's old default; cleaned as EXIF text.
    public static func descriptive(in bytes: UnsafeRawBufferPointer) -> (keywords: [String], caption: String?, title: String?) {
        guard let iim = iimBlock(in: bytes) else { return ([], nil, nil) }
        var keywords: [String] = [], caption: String?, title: String?
        forEachDataset(in: iim) { record, dataset, value in
            guard record == 2 else { return }
            switch dataset {
            case 25: if let keyword = text(value), !keywords.contains(keyword) { keywords.append(keyword) }
            case 120: caption = caption ?? text(value)
            case 5: title = title ?? text(value)
            default: break
            }
        }
        return (keywords, caption, title)
    }

    static let maxTextLength = 2_000

    private static func text(_ value: [UInt8]) -> String? {
        let utf8 = String(validating: value, as: UTF8.self)
        let decoded = utf8 ?? String(value.map { Character(Unicode.Scalar($0)) })
        return ExifText.clean(Array(decoded.utf8), maxLength: maxTextLength)
    }

    static let photoshopHeader = Array("Photoshop 3.0\0".utf8)
    static let resourceSignature = Array("8BIM".utf8)
    static let iptcResource = 0x0404

    /// The IIM block: `bytes` itself when it starts with an IIM tag marker (0x1C), else the
    /// 0x0404 image resource of a Photoshop resource block (after its header, if any).
    static func iimBlock(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        if bytes.first == 0x1C { return bytes }
        var cursor = ByteCursor(bytes, from: bytes.starts(with: photoshopHeader) ? photoshopHeader.count : 0)
        while cursor.remaining >= 12 {
            guard bytes[cursor.offset..<cursor.offset + 4].elementsEqual(resourceSignature), cursor.skip(4),
                  let id = cursor.u16(), let nameLength = cursor.u8(),
                  cursor.skip(nameLength + (nameLength + 1) % 2), let size = cursor.u32() else { return nil }
            let start = cursor.offset
            guard cursor.skip(size) else { return nil }
            if id == iptcResource { return UnsafeRawBufferPointer(rebasing: bytes[start..<start + size]) }
            _ = cursor.skip(size % 2)
        }
        return nil
    }

    /// The first value of each dataset of record 2 (the application record), by dataset number.
    static func records(in iim: UnsafeRawBufferPointer) -> [Int: [UInt8]] {
        var found: [Int: [UInt8]] = [:]
        forEachDataset(in: iim) { record, dataset, value in
            if record == 2 && found[dataset] == nil { found[dataset] = value }
        }
        return found
    }

    /// Every dataset in order, until the block ends or stops making sense.
    static func forEachDataset(in iim: UnsafeRawBufferPointer, _ body: (_ record: Int, _ dataset: Int, _ value: [UInt8]) -> Void) {
        var cursor = ByteCursor(iim)
        while let marker = cursor.u8(), marker == 0x1C, let record = cursor.u8(), let dataset = cursor.u8(),
              var length = cursor.u16() {
            if length & 0x8000 != 0 {
                // An extended dataset: the low bits say how many bytes hold the real length.
                guard let extended = cursor.sized(length & 0x7FFF), extended <= iim.count else { return }
                length = extended
            }
            let start = cursor.offset
            guard cursor.skip(length) else { return }
            body(record, dataset, Array(iim[start..<start + length]))
        }
    }

    /// `CCYYMMDD` as `CCYY-MM-DD`.
    static func isoDate(_ value: [UInt8]) -> String? {
        guard value.count == 8, value.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let text = String(decoding: value, as: UTF8.self)
        return "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))"
    }

    /// `HHMMSS±HHMM` as `THH:MM:SS±HH:MM`, `HHMMSS` as `THH:MM:SS`; nil for anything else.
    static func isoTime(_ value: [UInt8]) -> String? {
        let digits = { (range: Range<Int>) in value[range].allSatisfy { (0x30...0x39).contains($0) } }
        guard value.count == 6 || value.count == 11, digits(0..<6) else { return nil }
        let text = Array(String(decoding: value, as: UTF8.self))
        let time = "T\(String(text[0..<2])):\(String(text[2..<4])):\(String(text[4..<6]))"
        guard value.count == 11 else { return time }
        guard value[6] == 0x2B || value[6] == 0x2D, digits(7..<11) else { return nil }
        return time + "\(text[6])\(String(text[7..<9])):\(String(text[9..<11]))"
    }
}
