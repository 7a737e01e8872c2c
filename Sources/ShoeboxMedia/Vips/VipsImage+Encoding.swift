import CVips
import Foundation

extension VipsImage {
    /// Encodes the image, with no metadata, in one of the thumbnail formats.
    public func encoded(as format: ThumbnailFormat, quality: Int) throws -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let rc: Int32 = LibraryClock.measure(.libvips) {
            switch format {
            case .jpeg: return sb_vips_jpegsave_buffer(pointer, &buffer, &length, Int32(quality))
            case .webp: return sb_vips_webpsave_buffer(pointer, &buffer, &length, Int32(quality))
            case .png: return sb_vips_pngsave_buffer(pointer, &buffer, &length)
            }
        }
        guard rc == 0, let buffer else {
            throw MediaError.vips(operation: "\(format.rawValue)save", message: Vips.takeErrorMessage())
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }
}
