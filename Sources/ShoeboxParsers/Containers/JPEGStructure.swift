import Foundation

/// Reads just enough of a JPEG's marker structure to tell a truncated file from a whole one,
/// and one that libjpeg must hold whole in memory from one it streams.
///
/// libvips's in-memory JPEG reader treats a missing end as a warning and pads the rest of
/// the picture with grey; Shoebox wants such a file recorded as damaged instead.
public enum JPEGStructure {
    /// True when no end-of-image marker (FF D9) follows the start of the first scan: the file
    /// was cut short. Bytes after the end marker (maker trailers, embedded videos) are allowed.
    public static func isTruncated(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let scanStart = firstScanOffset(bytes) else { return true }
        var index = bytes.count - 2
        while index >= scanStart {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return false }
            index -= 1
        }
        return true
    }

    /// The offset just after the first SOS segment header, walking the segments before it by
    /// their lengths (so an EXIF thumbnail's own markers are never mistaken for the image's).
    package static func firstScanOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        firstScan(bytes)?.offset
    }

    /// How many bytes between the segments before the first scan are not part of any: junk that
    /// libjpeg skips with a warning ("Corrupt JPEG data: N extraneous bytes before marker"), as
    /// ImageMagick and exiftool read past it. 0 for a well-formed file, or one with no scan.
    public static func extraneousBytesBeforeFirstScan(_ bytes: UnsafeRawBufferPointer) -> Int {
        firstScan(bytes)?.extraneousBytes ?? 0
    }

    /// The segments before the first scan walked as libjpeg's `next_marker` walks them: bytes
    /// that are not a marker's FF are skipped (and counted) up to the next FF.
    private static func firstScan(_ bytes: UnsafeRawBufferPointer) -> (offset: Int, extraneousBytes: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2, extraneous = 0
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else {
                offset += 1
                extraneous += 1
                continue
            }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill bytes
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }  // no length
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let next = offset + 2 + length
            if marker == 0xDA { return (min(next, bytes.count), extraneous) }
            if marker == 0xD9 { return nil }
            offset = next
        }
        return nil
    }

    /// The offset just after the end-of-image marker (FF D9) of the JPEG's own picture, found by
    /// walking its scans: entropy-coded data (where FF is followed by 00, a restart marker or
    /// fill), and the segments between progressive scans by their lengths. Whatever follows is
    /// not the picture's: an appended video, a maker trailer. nil when the data ends first, or
    /// breaks the marker rules.
    public static func endOfImage(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard var offset = firstScanOffset(bytes), let base = bytes.baseAddress else { return nil }
        while offset + 2 <= bytes.count {
            guard let hit = memchr(base + offset, 0xFF, bytes.count - offset - 1) else { return nil }
            let index = base.distance(to: UnsafeRawPointer(hit))
            let marker = bytes[index + 1]
            switch marker {
            case 0xD9: return index + 2
            case 0x00, 0xD0...0xD7, 0x01: offset = index + 2   // stuffed FF, restart marker, TEM
            case 0xFF: offset = index + 1                      // fill byte before a marker
            case 0xD8: return nil                              // a second start of image: not this picture's
            default:                                           // a segment between scans: DHT, SOS, DQT...
                guard index + 4 <= bytes.count else { return nil }
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                guard length >= 2 else { return nil }
                offset = index + 2 + length
            }
        }
        return nil
    }

    /// The memory libjpeg needs at once for a JPEG it cannot decode in one pass: a progressive
    /// file, or a sequential one whose first scan does not hold every component. libjpeg then
    /// keeps every DCT coefficient of the image (2 bytes each, 64 a block, each component's
    /// blocks rounded up to whole MCUs), whatever scale it decodes at. nil for a JPEG decoded
    /// in one pass (streamed), or whose frame and first scan cannot be read (the decoder says why).
    public static func wholeDecodeBytes(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var frame: (progressive: Bool, width: Int, height: Int, sampling: [(h: Int, v: Int)])?
        return walkSegmentsToFirstScan(bytes) { marker, segment -> SegmentVisit<Int> in
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) && segment.count >= 6 {
                let count = Int(segment[5])
                guard count > 0, segment.count >= 6 + 3 * count else { return .finish(nil) }
                let sampling = (0..<count).map { index -> (h: Int, v: Int) in
                    let factors = segment[6 + 3 * index + 1]
                    return (max(1, Int(factors >> 4)), max(1, Int(factors & 0x0F)))
                }
                frame = ([0xC2, 0xC6, 0xCA, 0xCE].contains(marker),
                         Int(segment[3]) << 8 | Int(segment[4]), Int(segment[1]) << 8 | Int(segment[2]), sampling)
            }
            guard marker == 0xDA else { return .goOn }
            guard let frame, segment.count >= 1 else { return .finish(nil) }
            let scanComponents = Int(segment[0])
            guard frame.progressive || scanComponents < frame.sampling.count else { return .finish(nil) }
            return .finish(coefficientBytes(width: frame.width, height: frame.height, sampling: frame.sampling))
        }
    }

    /// What a visitor of `walkSegmentsToFirstScan` says after a segment.
    enum SegmentVisit<Result> {
        /// Go on to the next segment.
        case goOn
        /// Stop the walk with this result (nil: the file is not one the visitor takes).
        case finish(Result?)
    }

    /// Walks the segments from the start of image to the first SOS by their lengths (fill
    /// bytes and the markers without a length passed over), handing `visit` each one's marker
    /// and its bytes after the length, the SOS's included; returns what `visit` finishes with,
    /// or nil when the data breaks the marker rules or ends first (a segment cut short too).
    static func walkSegmentsToFirstScan<Result>(_ bytes: UnsafeRawBufferPointer,
                                                _ visit: (UInt8, UnsafeRawBufferPointer) -> SegmentVisit<Result>) -> Result? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill bytes
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }  // no length
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            switch visit(marker, UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 2 + length)])) {
            case .goOn: offset += 2 + length
            case let .finish(result): return result
            }
        }
        return nil
    }

    /// What libjpeg's full-image coefficient buffer takes (jdcoefct.c): per component,
    /// ceil(size x factor / (largest factor x 8)) blocks a side, rounded up to its factor.
    static func coefficientBytes(width: Int, height: Int, sampling: [(h: Int, v: Int)]) -> Int {
        let maxH = sampling.map(\.h).max() ?? 1, maxV = sampling.map(\.v).max() ?? 1
        func blocks(_ size: Int, _ factor: Int, _ largest: Int) -> Int {
            let inBlocks = (size * factor + largest * 8 - 1) / (largest * 8)
            return (inBlocks + factor - 1) / factor * factor
        }
        return sampling.reduce(0) { total, component in
            total + blocks(width, component.h, maxH) * blocks(height, component.v, maxV) * 64 * 2
        }
    }
}
