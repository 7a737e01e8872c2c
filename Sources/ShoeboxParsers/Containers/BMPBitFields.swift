/// Decodes a 16- or 32-bit BMP whose pixels are laid out by bit masks (`BI_BITFIELDS`, or
/// `BI_ALPHABITFIELDS` with a fourth mask for alpha), whatever the masks: FFmpeg's BMP decoder
/// takes only the common byte-aligned ones and refuses the rest with EINVAL, though such files
/// (10-bit channels, RGBA with alpha in the low byte) are valid and libvips and ImageMagick
/// read them.
///
/// Each mask must be one run of bits; a channel's value is scaled from its width to 8 bits.
/// Every offset and size comes from the file and is checked before it is used.
package enum BMPBitFields {

    /// One channel's place in a pixel.
    package struct Channel: Equatable {
        let shift: Int
        let maximum: UInt32

        /// nil for a mask whose bits are not one run; a zero mask is a channel of zeros.
        init?(mask: UInt32) {
            guard mask != 0 else { (shift, maximum) = (0, 0); return }
            shift = mask.trailingZeroBitCount
            let bits = mask >> UInt32(shift)
            guard bits & (bits &+ 1) == 0 else { return nil }
            maximum = bits
        }

        func value(of pixel: UInt32) -> UInt8 {
            guard maximum > 0 else { return 0 }
            return UInt8((UInt64((pixel >> UInt32(shift)) & maximum) * 255 + UInt64(maximum / 2)) / UInt64(maximum))
        }
    }

    /// The red, green and blue masks of a bit-field BMP (`header`'s), from the DIB header (52
    /// bytes or more) or just after a 40-byte one; nil for another layout.
    package static func channels(_ bytes: UnsafeRawBufferPointer, header: BMPHeader) throws -> [Channel]? {
        guard header.compression == 3 || header.compression == 6, header.bitsPerPixel == 16 || header.bitsPerPixel == 32,
              header.dibHeaderSize >= 40, bytes.count >= 14 + 40 + 12 else { return nil }
        return try (0 ..< 3).map { index in
            let mask = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 54 + index * 4, as: UInt32.self))
            guard let channel = Channel(mask: mask) else {
                throw BMPBitFieldsError(description: String(format: "the BMP's colour mask 0x%08X is not one run of bits", mask))
            }
            return channel
        }
    }

    /// The picture as packed 8-bit RGB rows, top row first.
    package static func decode(_ bytes: UnsafeRawBufferPointer, header: BMPHeader, channels: [Channel]) throws -> [UInt8] {
        let (width, height) = (header.width, header.height)
        let bytesPerPixel = header.bitsPerPixel / 8
        let stride = ((width * header.bitsPerPixel + 31) / 32) * 4
        let start = header.pixelDataOffset
        let (rows, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, start >= 14, start <= bytes.count, rows <= bytes.count - start else {
            throw BMPBitFieldsError(description: "the BMP's pixel data runs past the end of the file")
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            for row in 0 ..< height {
                let source = start + (header.topDown ? row : height - 1 - row) * stride
                for column in 0 ..< width {
                    let at = source + column * bytesPerPixel
                    let pixel = bytesPerPixel == 4 ? UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                                                   : UInt32(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                    let target = (row * width + column) * 3
                    out[target] = channels[0].value(of: pixel)
                    out[target + 1] = channels[1].value(of: pixel)
                    out[target + 2] = channels[2].value(of: pixel)
                }
            }
        }
        return rgb
    }
}
