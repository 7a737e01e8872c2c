import Foundation

/// A JPEG's pixel size and metadata blocks read from its segments before the first scan,
/// as libvips's JPEG loader reads its header (libjpeg's `jpeg_read_header`, then the first
/// `Exif` APP1, the first XMP APP1 and the first Photoshop APP13), without starting libvips.
///
/// Only a file whose every segment up to the first scan is one libjpeg reads without a
/// complaint gets a header (`init?` is nil otherwise): then libvips would give the same size
/// and blocks. For anything else (a marker libjpeg refuses or warns about, a precision or
/// sampling it does not take, garbage between segments) the caller asks libvips, which also
/// says what is wrong.
package struct JPEGHeader: StillHeader {
    package let width: Int
    package let height: Int
    package let exifData: Data?
    package let xmpData: Data?
    package let iptcData: Data?

    /// libjpeg's largest side (`JPEG_MAX_DIMENSION`).
    static let maxDimension = 65500

    /// The header of the JPEG starting `bytes`, or nil when libvips must read it (see the type).
    package init?(_ bytes: UnsafeRawBufferPointer) {
        var reader = Reader(bytes)
        guard let header = reader.run() else { return nil }
        self = header
    }

    init(width: Int, height: Int, exifData: Data?, xmpData: Data?, iptcData: Data?) {
        (self.width, self.height) = (width, height)
        (self.exifData, self.xmpData, self.iptcData) = (exifData, xmpData, iptcData)
    }
}

extension JPEGHeader {
    /// One pass over the segments, keeping what libvips would keep.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var frame: (width: Int, height: Int, components: [UInt8])?
        var exif: Data?, xmp: Data?, iptc: Data?

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func run() -> JPEGHeader? {
            JPEGStructure.walkSegmentsToFirstScan(bytes) { marker, segment in
                if marker == 0xDA { return .finish(scan(segment)) }
                return read(marker, segment) ? .goOn : .finish(nil)   // libjpeg would refuse or warn
            }
        }

        /// Takes one segment before the first scan; false when libjpeg would refuse or warn.
        private mutating func read(_ marker: UInt8, _ segment: UnsafeRawBufferPointer) -> Bool {
            switch marker {
            case 0xC0, 0xC1, 0xC2, 0xC9, 0xCA: return frame == nil && readFrame(segment)
            case 0xC4: return Self.validHuffmanTables(segment)
            case 0xDB: return Self.validQuantisationTables(segment)
            case 0xDD: return segment.count == 2
            case 0xE1: keepAPP1(segment); return true
            case 0xED: keepAPP13(segment); return true
            case 0xE0...0xEF, 0xFE: return true
            default: return false   // SOI again, EOI, an unsupported frame, arithmetic tables, DNL, reserved
            }
        }

        /// SOF: precision 8, 1, 3 or 4 distinct components sampled 1 to 4, a size libjpeg takes.
        private mutating func readFrame(_ segment: UnsafeRawBufferPointer) -> Bool {
            guard segment.count >= 6 else { return false }
            let height = Int(segment[1]) << 8 | Int(segment[2]), width = Int(segment[3]) << 8 | Int(segment[4])
            let count = Int(segment[5])
            guard segment[0] == 8, [1, 3, 4].contains(count), segment.count == 6 + 3 * count,
                  (1...JPEGHeader.maxDimension).contains(width), (1...JPEGHeader.maxDimension).contains(height) else { return false }
            var ids: [UInt8] = []
            for index in 0..<count {
                let id = segment[6 + 3 * index], factors = segment[6 + 3 * index + 1]
                guard !ids.contains(id), (1...4).contains(factors >> 4), (1...4).contains(factors & 0x0F) else { return false }
                ids.append(id)
            }
            frame = (width, height, ids)
            return true
        }

        /// SOS: after a frame, naming 1 to 4 of its components once each; ends the header.
        private func scan(_ segment: UnsafeRawBufferPointer) -> JPEGHeader? {
            guard let frame, segment.count >= 1 else { return nil }
            let count = Int(segment[0])
            guard (1...4).contains(count), segment.count == 4 + 2 * count else { return nil }
            let named = (0..<count).map { segment[1 + 2 * $0] }
            guard Set(named).count == count, named.allSatisfy(frame.components.contains) else { return nil }
            return JPEGHeader(width: frame.width, height: frame.height, exifData: exif, xmpData: xmp, iptcData: iptc)
        }

        /// The first APP1 starting `Exif` is the EXIF block, whole; the first starting `http`
        /// with its namespace ended by a NUL within 80 bytes is XMP, from after the NUL (none
        /// when nothing follows: libvips hands over no empty block).
        private mutating func keepAPP1(_ segment: UnsafeRawBufferPointer) {
            if exif == nil, segment.count > 4, segment.starts(with: Array("Exif".utf8)) {
                exif = Data(segment)
            }
            if xmp == nil, segment.count >= 4, segment.starts(with: Array("http".utf8)),
               let end = segment.prefix(min(80, segment.count - 2) + 1).firstIndex(of: 0), end + 1 < segment.count {
                xmp = Data(segment[(end + 1)...])
            }
        }

        /// The first APP13 starting `Photo` (`Photoshop 3.0`) is the IPTC block, whole.
        private mutating func keepAPP13(_ segment: UnsafeRawBufferPointer) {
            if iptc == nil, segment.count > 5, segment.starts(with: Array("Photo".utf8)) {
                iptc = Data(segment)
            }
        }

        /// DQT: whole tables numbered 0 to 3, 8- or 16-bit, filling the segment exactly.
        private static func validQuantisationTables(_ segment: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset < segment.count {
                let precision = segment[offset] >> 4, index = segment[offset] & 0x0F
                guard precision <= 1, index < 4 else { return false }
                offset += 1 + 64 * (precision == 0 ? 1 : 2)
            }
            return offset == segment.count && !segment.isEmpty
        }

        /// DHT: whole tables, DC or AC numbered 0 to 3, at most 256 codes each, filling the segment exactly.
        private static func validHuffmanTables(_ segment: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset < segment.count {
                guard offset + 17 <= segment.count, segment[offset] & 0xEC == 0 else { return false }
                let codes = segment[(offset + 1)..<(offset + 17)].reduce(0) { $0 + Int($1) }
                guard codes <= 256 else { return false }
                offset += 17 + codes
            }
            return offset == segment.count && !segment.isEmpty
        }
    }
}
