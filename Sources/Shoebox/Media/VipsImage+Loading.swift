import CVips
import Foundation

extension VipsImage {
    /// Opens only the header of `bytes` with the one loader for `format`: the pixels are not
    /// decoded, so the size can be checked against the pixel limit first.
    public static func header(of bytes: SourceBytes, format: MediaFormat) throws -> VipsImage {
        let loader = try loaderCode(for: format)
        return try make("load header", backing: bytes) { out in
            sb_vips_load_header(bytes.buffer.baseAddress, bytes.count, loader, out)
        }
    }

    /// Decodes `bytes` with shrink-on-load to fit inside `width` x `height` in the stored
    /// orientation, never upscaling. The result is held in memory, so later resizes and
    /// encodes of every thumbnail size read it, not the file, and decode happens once.
    /// With `convertToSRGB` an embedded ICC profile converts the pixels to sRGB.
    public static func decodeShrunk(_ bytes: SourceBytes, fitting width: Int, _ height: Int,
                                    convertToSRGB: Bool, failOnTruncation: Bool) throws -> VipsImage {
        let failOn = failOnTruncation ? VIPS_FAIL_ON_TRUNCATED : VIPS_FAIL_ON_NONE
        let lazy = try make("thumbnail", backing: bytes) { out in
            sb_vips_thumbnail_memory(bytes.buffer.baseAddress, bytes.count, out,
                                     Int32(width), Int32(height), convertToSRGB ? 1 : 0, failOn)
        }
        let srgb = try make("colourspace") { sb_vips_to_srgb8(lazy.pointer, $0) }
        return try srgb.inMemory()
    }

    /// Decodes an encoded image completely (used by tests and tools, not by the pipeline).
    public static func decode(_ data: Data) throws -> VipsImage {
        let bytes = SourceBytes(copying: data)
        guard let format = FormatSniffer.format(of: bytes.head), format.isStillImage else {
            throw MediaError.vips(operation: "load", message: "not a supported image")
        }
        let header = try header(of: bytes, format: format)
        return try header.inMemory()
    }

    /// Every frame of an animated image, each resized to exactly `width` x `height`, as one
    /// tall image with its page height set (what an animated WebP is saved from).
    public static func allFrames(_ bytes: SourceBytes, width: Int, height: Int) throws -> VipsImage {
        try make("thumbnail frames", backing: bytes) { out in
            sb_vips_thumbnail_all_frames(bytes.buffer.baseAddress, bytes.count, out, Int32(width), Int32(height))
        }
    }

    /// How many frames an image made by `allFrames` holds.
    public var pageCount: Int { Int(vips_image_get_n_pages(pointer)) }

    /// An sRGB image of packed 8-bit RGB pixels, copied (a decoded video frame).
    public static func fromRGB(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int) throws -> VipsImage {
        guard pixels.count >= width * height * 3,
              let image = sb_vips_image_from_rgb(pixels.baseAddress, pixels.count, Int32(width), Int32(height)) else {
            throw MediaError.vips(operation: "image from memory", message: Vips.takeErrorMessage())
        }
        return VipsImage(owning: image)
    }

    /// Computes every pixel now and keeps them in memory.
    public func inMemory() throws -> VipsImage {
        guard let copy = vips_image_copy_memory(pointer) else {
            throw MediaError.vips(operation: "copy to memory", message: Vips.takeErrorMessage())
        }
        return VipsImage(owning: copy)
    }

    private static func loaderCode(for format: MediaFormat) throws -> SBFormat {
        switch format {
        case .jpeg: return SB_FORMAT_JPEG
        case .png: return SB_FORMAT_PNG
        case .webp: return SB_FORMAT_WEBP
        case .tiff: return SB_FORMAT_TIFF
        case .heic, .avif: return SB_FORMAT_HEIF
        case .gif: return SB_FORMAT_GIF
        case .mp4, .matroska, .avi: throw MediaError.vips(operation: "load", message: "video is not an image format")
        }
    }
}
