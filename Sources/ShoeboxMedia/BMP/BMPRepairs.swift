/// What FFmpeg's BMP decoder repairs without a word, found by reading the file's pixel data
/// first: RLE runs that go past the end of their row (it clips them) and palette indices past
/// the palette (it shows them black). A repaired file is catalogued, and says so.
///
/// Only palette files (1 to 8 bits a pixel, plain or RLE) are read; every offset and count comes
/// from the file and is checked before it is used.
package enum BMPRepairs {
    /// The warning for the asset, or nil when nothing is repaired.
    package static func warning(_ bytes: UnsafeRawBufferPointer, header: BMPHeader) -> String? {
        let start = header.pixelDataOffset
        guard header.bitsPerPixel <= 8, start < bytes.count else { return nil }
        let palette = paletteSize(bytes, header: header)
        let data = UnsafeRawBufferPointer(rebasing: bytes[start...])
        var found = Found()
        switch header.compression {
        case 1, 2: walkRLE(data, width: header.width, fourBits: header.compression == 2, palette: palette, into: &found)
        case 0: scanIndices(data, header: header, palette: palette, into: &found)
        default: return nil
        }
        var parts: [String] = []
        if found.overlongRuns > 0 { parts.append("\(found.overlongRuns) RLE \(found.overlongRuns == 1 ? "run goes" : "runs go") past the end of a row (clipped)") }
        if found.indicesPastPalette > 0 {
            parts.append("\(found.indicesPastPalette) \(found.indicesPastPalette == 1 ? "pixel names" : "pixels name") a colour past the palette's \(palette) (shown black)")
        }
        return parts.isEmpty ? nil : "the BMP was repaired as it was decoded: " + parts.joined(separator: "; ")
    }

    private struct Found {
        var overlongRuns = 0
        var indicesPastPalette = 0
    }

    /// The palette's entries: the header's colours-used count, else 2^bits (the OS/2 1.x
    /// header has no count).
    private static func paletteSize(_ bytes: UnsafeRawBufferPointer, header: BMPHeader) -> Int {
        let full = 1 << header.bitsPerPixel
        guard header.dibHeaderSize >= 40, bytes.count >= 50 else { return full }
        let used = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 46, as: UInt32.self)))
        return used == 0 || used > full ? full : used
    }

    /// An uncompressed palette picture's indices, row by row (rows padded to 4 bytes).
    private static func scanIndices(_ data: UnsafeRawBufferPointer, header: BMPHeader, palette: Int, into found: inout Found) {
        guard palette < 1 << header.bitsPerPixel else { return }   // every index has a colour
        let stride = ((header.width * header.bitsPerPixel + 31) / 32) * 4
        let mask = (1 << header.bitsPerPixel) - 1
        for row in 0 ..< header.height {
            let rowStart = row * stride
            guard rowStart + stride <= data.count else { return }
            for column in 0 ..< header.width {
                let bit = column * header.bitsPerPixel
                let byte = Int(data[rowStart + bit / 8])
                let index = (byte >> (8 - header.bitsPerPixel - bit % 8)) & mask
                if index >= palette { found.indicesPastPalette += 1 }
            }
        }
    }

    /// RLE8 or RLE4 codes: a run (count, colour or colour pair), or an escape (end of line, end
    /// of picture, a move, or an absolute run padded to 2 bytes).
    private static func walkRLE(_ data: UnsafeRawBufferPointer, width: Int, fourBits: Bool, palette: Int, into found: inout Found) {
        var offset = 0, x = 0
        func check(_ index: Int) { if index >= palette { found.indicesPastPalette += 1 } }
        func advance(by count: Int) {
            if x + count > width, x <= width { found.overlongRuns += 1 }
            x += count
        }
        while offset + 2 <= data.count {
            let count = Int(data[offset]), value = Int(data[offset + 1])
            offset += 2
            if count > 0 {
                let colours = fourBits ? [value >> 4, value & 0x0F] : [value]
                for pixel in 0 ..< min(count, width) { check(colours[pixel % colours.count]) }
                advance(by: count)
                continue
            }
            switch value {
            case 0: x = 0
            case 1: return
            case 2:
                guard offset + 2 <= data.count else { return }
                advance(by: Int(data[offset]))
                offset += 2
            default:
                let bytes = fourBits ? (value + 1) / 2 : value
                guard offset + bytes <= data.count else { return }
                for pixel in 0 ..< value {
                    let byte = Int(data[offset + (fourBits ? pixel / 2 : pixel)])
                    check(fourBits ? (pixel % 2 == 0 ? byte >> 4 : byte & 0x0F) : byte)
                }
                advance(by: value)
                offset += bytes + bytes % 2
            }
        }
    }
}
