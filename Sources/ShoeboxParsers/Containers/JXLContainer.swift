import Foundation

/// JPEG XL's two forms: a bare codestream (`FF 0A`), or an ISO-BMFF container (a 12-byte
/// `JXL ` signature box) whose `Exif` and `xml ` boxes carry the metadata libvips 8.14's
/// `jxlload` does not hand over.
package enum JXLContainer {
    static let codestreamSignature: [UInt8] = [0xFF, 0x0A]
    static let containerSignature: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    static func hasSignature<Bytes: Collection>(_ head: Bytes) -> Bool where Bytes.Element == UInt8 {
        head.starts(with: codestreamSignature) || head.starts(with: containerSignature)
    }

    /// The TIFF structure in the container's first `Exif` box (after the box's 4-byte offset to
    /// it), or nil: a bare codestream, no such box, or boxes that break off before it. A
    /// Brotli-compressed box (`brob`) is not read.
    package static func exifBlock(in bytes: UnsafeRawBufferPointer) -> Data? {
        guard bytes.starts(with: containerSignature) else { return nil }
        var cursor = ByteCursor(bytes)
        while cursor.remaining >= 8 {
            let start = cursor.offset
            guard var size = cursor.sized(4), let type = cursor.fourCC() else { return nil }
            if size == 1 {
                guard let large = cursor.sized(8) else { return nil }
                size = large
            } else if size == 0 {
                size = bytes.count - start
            }
            let payload = cursor.offset
            guard size >= payload - start, size <= bytes.count - start else { return nil }
            if type == "Exif" {
                var field = ByteCursor(bytes, from: payload, to: start + size)
                guard let offset = field.sized(4), offset <= field.remaining else { return nil }
                return Data(bytes[(payload + 4 + offset)..<(start + size)])
            }
            guard cursor.skip(start + size - payload) else { return nil }
        }
        return nil
    }
}
