import Foundation

/// The byte ranges of a WebP file that hold coded pictures, for a reader that wants its
/// chunks (`VP8X`, `ICCP`, `EXIF`, `XMP `, the frame headers) and not the megabytes of picture
/// data: `SourceFile.read(_:maxBytes:leavingOut:)` leaves them zero, as `TIFFPixelData` does a
/// TIFF's strips.
///
/// The first `keptBytes` of each `VP8 `, `VP8L` and `ALPH` payload stay, inside an `ANMF`
/// frame too: they hold the bitstream header that gives a frame's size, which is all libwebp's
/// demuxer reads of them. Everything after the RIFF's declared end is left out. The chunk
/// headers are read one at a time (`pread`) and nothing in them is trusted: at most
/// `maxChunks` are walked, each range is clipped to the file, and a file that is not a RIFF
/// WebP names nothing (it is read whole).
enum WebPFrameData {
    static let keptBytes: Int64 = 64
    static let maxChunks = 100_000
    private static let coded: Set = ["VP8 ", "VP8L", "ALPH"]

    static func ranges(fd: Int32, size: Int64) -> [Range<Int64>] {
        guard let head = SourceFile.bytes(fd, in: 0 ..< 12), head.prefix(4).elementsEqual("RIFF".utf8),
              head[8 ..< 12].elementsEqual("WEBP".utf8) else { return [] }
        let end = min(size, 8 + Int64(littleEndian32(head, at: 4)))
        var walker = Walker(fd: fd, chunksLeft: maxChunks)
        var named = walker.coded(in: 12 ..< end)
        if end < size { named.append(end ..< size) }
        return HEIFPictureData.merged(named.filter { !$0.isEmpty })
    }

    /// Walks the chunks of one level (the file's, or an `ANMF` frame's).
    private struct Walker {
        let fd: Int32
        var chunksLeft: Int

        mutating func coded(in span: Range<Int64>) -> [Range<Int64>] {
            var named: [Range<Int64>] = [], offset = span.lowerBound
            while offset + 8 <= span.upperBound, chunksLeft > 0, let header = SourceFile.bytes(fd, in: offset ..< offset + 8) {
                chunksLeft -= 1
                let name = String(decoding: header.prefix(4), as: UTF8.self)
                let payload = offset + 8, length = Int64(WebPFrameData.littleEndian32(header, at: 4))
                let payloadEnd = min(span.upperBound, payload + length)
                if WebPFrameData.coded.contains(name) {
                    named.append(min(payloadEnd, payload + WebPFrameData.keptBytes) ..< payloadEnd)
                } else if name == "ANMF" {
                    named += coded(in: min(payloadEnd, payload + 16) ..< payloadEnd)   // after the 16-byte frame header
                }
                offset = payload + length + (length & 1)
            }
            return named
        }
    }

    private static func littleEndian32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        (0 ..< 4).reduce(UInt32(0)) { $0 | UInt32(bytes[index + $1]) << (8 * UInt32($1)) }
    }
}
