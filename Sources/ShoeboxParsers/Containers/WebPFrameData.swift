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
package enum WebPFrameData {
    static let keptBytes: Int64 = 64
    static let maxChunks = 100_000
    private static let coded: Set = ["VP8 ", "VP8L", "ALPH"]

    package static func ranges(fd: Int32, size: Int64) -> [Range<Int64>] {
        guard let (riff, length) = chunkHeader(fd, at: 0), riff == "RIFF",
              SourceFile.bytes(fd, in: 8 ..< 12)?.elementsEqual("WEBP".utf8) == true else { return [] }
        let end = min(size, 8 + length)
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
            while offset + 8 <= span.upperBound, chunksLeft > 0, let (name, length) = WebPFrameData.chunkHeader(fd, at: offset) {
                chunksLeft -= 1
                let payload = offset + 8
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

    /// A RIFF chunk's name and length at `offset` (little-endian, as RIFF writes it).
    private static func chunkHeader(_ fd: Int32, at offset: Int64) -> (String, Int64)? {
        SourceFile.bytes(fd, in: offset ..< offset + 8)?.withUnsafeBytes { raw in
            var cursor = ByteCursor(raw, littleEndian: true)
            guard let name = cursor.fourCC(), let length = cursor.u32() else { return nil }
            return (name, Int64(length))
        }
    }
}
