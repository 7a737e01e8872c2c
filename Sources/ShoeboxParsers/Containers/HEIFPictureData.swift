import Foundation

/// The byte ranges of a HEIF or AVIF file that hold coded pictures, for a reader that wants
/// everything else (its boxes, EXIF and XMP items, grid descriptions) and not the megabytes of
/// image data: `SourceFile.read(_:maxBytes:leavingOut:)` leaves them zero.
///
/// The top-level boxes are walked by their headers; all but `mdat` are read, and the `meta`
/// box among them says (`HEIFContainer`) where each item's bytes lie. The extents in `mdat` of
/// items of a coded-picture type are named; when the file cannot be followed, nothing is, and
/// the file is read whole.
package enum HEIFPictureData {
    /// Item types whose data is a coded picture (HEVC, AV1, H.264, JPEG, tiles, uncompressed).
    static let pictureTypes: Set<String> = ["hvc1", "hvt1", "av01", "avc1", "jpeg", "j2k1", "unci"]

    package static func ranges(fd: Int32, size: Int64) -> [Range<Int64>] {
        guard let boxes = topLevelBoxes(fd: fd, size: size), size <= Int64(Int32.max) else { return [] }
        let mediaData = boxes.filter { $0.type == "mdat" }.map(\.payload)
        guard !mediaData.isEmpty else { return [] }
        let headers = SourceBytes(zeroed: Int(size))
        for box in boxes where box.type != "mdat" {
            guard read(fd, box.whole, into: headers) else { return [] }
        }
        for box in boxes where box.type == "mdat" {
            guard read(fd, box.whole.lowerBound ..< box.payload.lowerBound, into: headers) else { return [] }
        }
        guard let container = HEIFContainer.parse(UnsafeRawBufferPointer(headers.buffer)) else { return [] }
        let pictures = container.items.values.filter { pictureTypes.contains($0.type) }.flatMap(\.extents)
            .map { Int64($0.lowerBound) ..< Int64($0.upperBound) }
            .filter { extent in mediaData.contains { $0.contains(extent.lowerBound) && extent.upperBound <= $0.upperBound } }
        return merged(pictures)
    }

    private struct TopLevelBox {
        let type: String
        let whole: Range<Int64>
        let payload: Range<Int64>
    }

    /// The top-level boxes by their headers, read one at a time; nil when one runs past the end.
    private static func topLevelBoxes(fd: Int32, size: Int64) -> [TopLevelBox]? {
        var boxes: [TopLevelBox] = []
        var offset: Int64 = 0
        var header = [UInt8](repeating: 0, count: 16)
        while offset + 8 <= size {
            let count = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, off_t(offset)) }
            guard count >= 8, boxes.count < 1000 else { return nil }
            let type = String(decoding: header[4 ..< 8], as: UTF8.self)
            var length = Int64(header[0 ..< 4].reduce(0) { $0 << 8 | Int($1) }), headerLength: Int64 = 8
            if length == 1 {
                guard count == 16 else { return nil }
                length = Int64(bitPattern: header[8 ..< 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
                headerLength = 16
            } else if length == 0 {
                length = size - offset
            }
            guard length >= headerLength, length <= size - offset else { return nil }
            boxes.append(TopLevelBox(type: type, whole: offset ..< offset + length, payload: offset + headerLength ..< offset + length))
            offset += length
        }
        return offset == size ? boxes : nil
    }

    private static func read(_ fd: Int32, _ range: Range<Int64>, into bytes: SourceBytes) -> Bool {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let n = pread(fd, bytes.buffer.baseAddress! + Int(offset), Int(range.upperBound - offset), off_t(offset))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += Int64(n)
        }
        return true
    }

    /// The ranges sorted, overlapping ones joined (also `TIFFPixelData`'s).
    static func merged(_ ranges: [Range<Int64>]) -> [Range<Int64>] {
        var result: [Range<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
