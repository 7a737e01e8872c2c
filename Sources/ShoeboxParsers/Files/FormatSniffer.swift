/// Recognises media formats from their first bytes.
///
/// Sniffing keeps "unknown" apart from every known format, so that bytes no trusted loader
/// claims are refused before any decoder sees them.
public enum FormatSniffer {
    /// How many leading bytes `format(of:)` needs at most.
    public static let headerLength = 64

    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
    private static let avifBrands: Set<String> = ["avif", "avis"]
    /// First atoms of QuickTime files written without an `ftyp` box.
    private static let quickTimeAtoms: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    /// The format of `bytes`, or nil when no supported format starts that way. A TIFF-based RAW
    /// without a signature of its own (DNG, NEF, ARW, ...) is `.tiff` here: `format(ofFile:)`
    /// reads its IFD0 to tell.
    public static func format<Bytes: Collection>(of bytes: Bytes) -> MediaFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(headerLength))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if let raw = rawSignature(head) { return raw }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        // BigTIFF (43, 64-bit offsets), which libtiff reads as it reads TIFF.
        if head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .matroska }
        if JXLContainer.hasSignature(head) { return .jxl }
        if BMPHeader(head) != nil { return .bmp }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("AVI ".utf8) { return .avi }
        if head.count >= 8, quickTimeAtoms.contains(String(decoding: head[4..<8], as: UTF8.self)) { return .mp4 }
        return isoMediaFormat(head)
    }

    /// HEIF, AVIF or MP4/MOV video from an ISO base media `ftyp` box: the major brand, then
    /// the compatible brands, decide.
    private static func isoMediaFormat(_ head: [UInt8]) -> MediaFormat? {
        guard head.count >= 16, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(max(boxSize, 16), head.count)
        var brands = [brand(head, at: 8)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(brand(head, at: offset))
            offset += 4
        }
        if brands[0] == "crx " { return .cr3 }
        if brands.contains(where: avifBrands.contains) && !brands.contains(where: { $0 == "heic" || $0 == "heix" }) {
            return .avif
        }
        if brands.contains(where: heifBrands.contains) { return .heic }
        return .mp4
    }

    private static func brand(_ head: [UInt8], at offset: Int) -> String {
        String(decoding: head[offset..<offset + 4], as: UTF8.self)
    }
}
