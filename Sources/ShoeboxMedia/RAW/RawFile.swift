import CRaw
import Foundation

/// A camera RAW file opened by LibRaw from its bytes in memory: its developed size, flip,
/// camera data and embedded preview, read at once; pixels only on `developHalfSize`.
///
/// The only code that calls LibRaw (with `RawFile+Metadata`). Each instance has its own
/// LibRaw handle (the reentrant `libraw_r`), so workers decode RAWs in parallel; one
/// instance is used by one thread at a time. `bytes` stay alive while the handle reads them.
package final class RawFile {
    private let handle: UnsafeMutablePointer<libraw_data_t>
    private let bytes: SourceBytes
    private let maxMemoryBytes: Int64

    /// The developed image's size after the flip: what `dcraw_emu` writes and `raw-identify -v`
    /// prints as "Output size".
    package let outputSize: PixelSize
    /// The largest embedded preview, nil when there is none or LibRaw cannot unpack it
    /// (`previewProblem` then says why; nil when the file simply has none).
    package let preview: RawPreview?
    package let previewProblem: String?
    /// What a half-size development holds at once: the unpacked sensor data, LibRaw's
    /// 4-channel 16-bit working image at half size, the 8-bit RGB result and the file.
    package let halfSizeDevelopmentBytes: Int64

    /// Opens and identifies `bytes`. LibRaw refuses any single allocation over
    /// `maxMemoryBytes`. Throws `MediaError.libraw` when LibRaw does not take the file.
    ///
    /// Everything is read from the handle before the preview is unpacked: a LibRaw call that
    /// fails on cut-off data empties the handle.
    package init(_ bytes: SourceBytes, maxMemoryBytes: Int64) throws {
        self.bytes = bytes
        self.maxMemoryBytes = maxMemoryBytes
        handle = try LibraryClock.measure(.libraw) { try Self.open(bytes, maxMemoryBytes: maxMemoryBytes) }
        halfSizeDevelopmentBytes = Self.halfSizeBytes(handle.pointee, fileBytes: bytes.count)
        orientation = Self.orientation(flip: handle.pointee.sizes.flip)
        metadata = Self.metadata(handle.pointee, orientation: orientation)
        // Sizes only: this handle is never developed after it (LibRaw's rule); `developHalfSize` opens another.
        let status = libraw_adjust_sizes_info_only(handle)
        let sizes = handle.pointee.sizes
        outputSize = status == LIBRAW_SUCCESS.rawValue
            ? PixelSize(width: Int(sizes.iwidth), height: Int(sizes.iheight)) : PixelSize(width: 0, height: 0)
        let opened = handle
        (preview, previewProblem) = LibraryClock.measure(.libraw) { Self.unpackPreview(opened) }
    }

    deinit { libraw_close(handle) }

    /// The EXIF orientation that turns the stored (sensor) picture upright, from the RAW's flip.
    package let orientation: Orientation
    /// What LibRaw read of the camera's data (`RawFile+Metadata`).
    package let metadata: PhotoMetadata

    /// LibRaw's flip (0, 3, 5 or 6) as an EXIF orientation: 3 is a half turn, 5 a quarter turn
    /// anticlockwise (EXIF 8), 6 clockwise.
    private static func orientation(flip: Int32) -> Orientation {
        switch flip {
        case 3: return .down
        case 5: return .left
        case 6: return .right
        default: return .up
        }
    }

    /// Develops the sensor data at half size (one pixel per Bayer quad, the camera's white
    /// balance, 8-bit sRGB, the flip applied: upright) on a fresh handle, and lends `body` the
    /// RGB pixels, valid only during the call.
    package func developHalfSize<T>(_ body: (UnsafeRawBufferPointer, PixelSize) throws -> T) throws -> T {
        let developer = try LibraryClock.measure(.libraw) { try Self.open(bytes, maxMemoryBytes: maxMemoryBytes) }
        defer { libraw_close(developer) }
        sb_libraw_set_half_size(developer)
        let image = try LibraryClock.measure(.libraw) {
            try Self.check(libraw_unpack(developer), "unpack")
            try Self.check(libraw_dcraw_process(developer), "dcraw_process")
            var status: Int32 = 0
            guard let image = libraw_dcraw_make_mem_image(developer, &status) else {
                throw Self.error(status, "dcraw_make_mem_image")
            }
            return image
        }
        defer { libraw_dcraw_clear_mem(image) }
        let size = PixelSize(width: Int(image.pointee.width), height: Int(image.pointee.height))
        let rgb = try Self.rgbPixels(image)
        return try rgb.withUnsafeBytes { try body($0, size) }
    }

    private static func open(_ bytes: SourceBytes, maxMemoryBytes: Int64) throws -> UnsafeMutablePointer<libraw_data_t> {
        let megabytes = UInt32(clamping: max(1, maxMemoryBytes / 1_048_576))
        var status: Int32 = 0
        guard let handle = sb_libraw_open(bytes.buffer.baseAddress, bytes.count, megabytes, &status) else {
            throw error(status, "open")
        }
        return handle
    }

    private static func halfSizeBytes(_ data: libraw_data_t, fileBytes: Int) -> Int64 {
        let sizes = data.sizes
        let bayer = data.idata.filters != 0
        let sensor = Int64(sizes.raw_width) * Int64(sizes.raw_height) * (bayer ? 2 : 8)
        let pixels = bayer ? Int64(sizes.width / 2) * Int64(sizes.height / 2) : Int64(sizes.width) * Int64(sizes.height)
        return sensor + pixels * 8 + pixels * 3 + Int64(fileBytes)
    }

    private static func unpackPreview(_ handle: UnsafeMutablePointer<libraw_data_t>) -> (RawPreview?, String?) {
        let status = libraw_unpack_thumb(handle)
        guard status != LIBRAW_NO_THUMBNAIL.rawValue else { return (nil, nil) }
        guard status == LIBRAW_SUCCESS.rawValue else { return (nil, message(status)) }
        var made: Int32 = 0
        guard let image = libraw_dcraw_make_mem_thumb(handle, &made) else { return (nil, message(made)) }
        defer { libraw_dcraw_clear_mem(image) }
        let data = UnsafeRawBufferPointer(start: pointer(to: image), count: Int(image.pointee.data_size))
        if image.pointee.type == LIBRAW_IMAGE_JPEG {
            return (.jpeg(SourceBytes(copying: Data(data))), nil)
        }
        guard let rgb = try? rgbPixels(image) else { return (nil, "a preview bitmap of \(image.pointee.colors) channels") }
        return (.rgb(width: Int(image.pointee.width), height: Int(image.pointee.height), pixels: rgb), nil)
    }

    /// A bitmap's pixels as 8-bit RGB: a grey (1-channel) one is spread to three channels.
    private static func rgbPixels(_ image: UnsafeMutablePointer<libraw_processed_image_t>) throws -> Data {
        let header = image.pointee
        let count = Int(header.width) * Int(header.height)
        guard header.type == LIBRAW_IMAGE_BITMAP, header.bits == 8, header.colors == 3 || header.colors == 1,
              Int(header.data_size) >= count * Int(header.colors) else {
            throw MediaError.libraw(operation: "bitmap", code: 0,
                                    message: "\(header.colors) channels of \(header.bits) bits are not 8-bit RGB or grey")
        }
        let source = UnsafeRawBufferPointer(start: pointer(to: image), count: Int(header.data_size))
        if header.colors == 3 { return Data(source.prefix(count * 3)) }
        var rgb = [UInt8](repeating: 0, count: count * 3)
        for index in 0..<count {
            let grey = source[index]
            (rgb[3 * index], rgb[3 * index + 1], rgb[3 * index + 2]) = (grey, grey, grey)
        }
        return Data(rgb)
    }

    /// The pixel bytes after the processed image's header (its `data[1]` member).
    private static func pointer(to image: UnsafeMutablePointer<libraw_processed_image_t>) -> UnsafeRawPointer {
        UnsafeRawPointer(image) + MemoryLayout<libraw_processed_image_t>.offset(of: \libraw_processed_image_t.data)!
    }

    private static func check(_ status: Int32, _ operation: String) throws {
        guard status == LIBRAW_SUCCESS.rawValue else { throw error(status, operation) }
    }

    private static func error(_ status: Int32, _ operation: String) -> MediaError {
        .libraw(operation: operation, code: status, message: message(status))
    }

    private static func message(_ status: Int32) -> String {
        String(cString: libraw_strerror(status))
    }
}
