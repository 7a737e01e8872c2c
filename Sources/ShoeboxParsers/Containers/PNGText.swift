import CZlib

/// What a PNG's text chunks (`tEXt`, `zTXt`, `iTXt`) come to once libpng has inflated them,
/// counted before libvips opens the file.
///
/// libpng inflates every compressed text chunk whole, and libvips keeps each as a string in
/// every image it makes from the file: 40 `zTXt` chunks of 7 KB that each inflate to 7 MB, in a
/// 274 KB file, took 1.7 GB to thumbnail. The count lets the decode memory budget refuse such
/// a file (`DecodeMemory.pngText`) before any of it is inflated for keeps: zlib inflates each
/// stream through a 16 KB scratch buffer, and the walk stops once past `atMost`.
package enum PNGText {
    /// The text's bytes, inflated: more than `atMost` when the walk stopped there. A chunk
    /// zlib cannot inflate counts as nothing (libpng drops it with a warning); the walk ends at
    /// `IEND` or where a chunk's length runs past the end of the file.
    package static func inflatedBytes(_ bytes: UnsafeRawBufferPointer, atMost: Int) -> Int {
        var total = 0, offset = 8
        while offset + 12 <= bytes.count, total <= atMost {
            let length = Int(PNGStructure.bigEndian32(bytes, at: offset))
            let start = offset + 8
            guard length <= bytes.count - start - 4 else { break }
            let data = UnsafeRawBufferPointer(rebasing: bytes[start ..< start + length])
            switch chunkType(bytes, at: offset + 4) {
            case "tEXt": total += length
            case "zTXt": total += inflated(data, after: 1, compressed: true, atMost: atMost - total)
            case "iTXt": total += internationalText(data, atMost: atMost - total)
            case "IEND": return total
            default: break
            }
            offset = start + length + 4
        }
        return total
    }

    /// An `iTXt` chunk: keyword, NUL, compression flag, method, language tag, NUL, translated
    /// keyword, NUL, then the text (a zlib stream when the flag is 1).
    private static func internationalText(_ data: UnsafeRawBufferPointer, atMost: Int) -> Int {
        guard let keywordEnd = data.firstIndex(of: 0), keywordEnd + 3 <= data.count else { return 0 }
        let compressed = data[keywordEnd + 1] == 1
        var field = keywordEnd + 3
        for _ in 0 ..< 2 {   // the language tag, then the translated keyword
            guard let end = data[field...].firstIndex(of: 0) else { return 0 }
            field = end + 1
        }
        return inflated(UnsafeRawBufferPointer(rebasing: data[field...]), after: 0, compressed: compressed, atMost: atMost)
    }

    /// The text after the keyword's NUL and `skipping` more bytes (zTXt's method byte), as
    /// libpng holds it: inflated when `compressed`, else as stored.
    private static func inflated(_ data: UnsafeRawBufferPointer, after skipping: Int, compressed: Bool, atMost: Int) -> Int {
        var start = 0
        if skipping > 0 {
            guard let keywordEnd = data.firstIndex(of: 0), keywordEnd + 1 + skipping <= data.count else { return 0 }
            start = keywordEnd + 1 + skipping
        }
        let text = UnsafeRawBufferPointer(rebasing: data[start...])
        guard compressed else { return text.count }
        let size = sb_zlib_inflated_size(text.baseAddress, text.count, Int64(max(0, atMost)))
        return size < 0 ? 0 : Int(clamping: size)
    }

    private static func chunkType(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        String(decoding: bytes[offset ..< offset + 4], as: UTF8.self)
    }
}
