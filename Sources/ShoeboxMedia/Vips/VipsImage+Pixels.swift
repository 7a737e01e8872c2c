import CVips
import Foundation

extension VipsImage {
    /// Every pixel, band-interleaved, row after row (for tests and tools that inspect output).
    public func pixelBytes() throws -> [UInt8] {
        var size = 0
        guard let raw = vips_image_write_to_memory(pointer, &size) else {
            throw MediaError.vips(operation: "write to memory", message: Vips.takeErrorMessage())
        }
        defer { g_free(raw) }
        return Array(UnsafeRawBufferPointer(start: raw, count: size))
    }
}
