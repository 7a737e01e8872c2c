import CJPEGDecode
import CVips

/// Decodes a JPEG with libjpeg-turbo over the whole file in memory (`jpeg_mem_src`), scaled by
/// the DCT, into an 8-bit image that libvips then fits, converts and encodes.
///
/// Why not libvips's own JPEG load: libvips 8.14 feeds libjpeg through a 4 KB window, and
/// libjpeg-turbo's Huffman decoder takes its fast path only while a whole MCU's worst case is
/// buffered, so most MCUs took the slow path (docs/BENCHMARKS.md, "commit 80453e7"). With the
/// whole file as its source, the same decode costs less CPU than `djpeg`.
///
/// What the caller may rely on: the route takes only 8-bit grey, YCbCr and RGB files; it
/// declines (nil) CMYK and YCCK, 12-bit and lossless files, and any file about which libjpeg
/// warns (corrupt data, a premature end) or fails, and then the caller decodes the file with
/// libvips as before, which gives such a file the same error or warning as ever. The image
/// holds the same pixels as libvips's load at the same shrink, at libvips's size (libvips runs
/// the same libjpeg with the same settings), the header's ICC profile, and `loaderName` as its
/// `vips-loader`.
package enum DirectJPEGDecoder {
    /// The `vips-loader` of an image this route decoded (libvips's own say `jpegload_source`).
    package static let loaderName = "shoebox_libjpeg"

    /// The largest shrunk picture the route holds (32 MiB: a 50 MP camera JPEG's 1440 px preview
    /// decodes at 1/4, 9.4 MB); a larger one is left to libvips, which streams it by rows.
    package static let maxPictureBytes = 32 << 20

    /// `bytes` decoded at 1/`shrink` (1, 2, 4 or 8), with `header`'s ICC profile and
    /// resolution; nil when the route does not take the file (see the type's comment).
    /// `endOfImage`: where the picture ended, the offset just past its end-of-image marker,
    /// which libjpeg read and nothing after it. It is the offset `JPEGStructure.endOfImage`
    /// walks the entropy-coded data for (the marker rules a file this route takes keeps are the
    /// ones that walk follows), learned by the decode at no cost: the motion-photo scan needs it.
    package static func decode(_ bytes: SourceBytes, shrink: Int, header: VipsImage) -> (image: VipsImage, endOfImage: Int)? {
        var output = sb_jpeg_output()
        guard let decoder = LibraryClock.measure(.libjpeg, {
            sb_jpeg_open(bytes.buffer.baseAddress, bytes.count, Int32(shrink), &output)
        }) else {
            return nil
        }
        defer { sb_jpeg_close(decoder) }
        guard let made = sb_vips_image_new_pixels(output.width, output.height, output.bands,
                                                   header.pointer.pointee.Xres, header.pointer.pointee.Yres) else { return nil }
        let image = VipsImage(owning: made)
        let stride = Int(output.width) * Int(output.bands)
        let read = LibraryClock.measure(.libjpeg) {
            sb_jpeg_read(decoder, sb_vips_image_pixels(made), stride, stride * Int(output.height))
        }
        guard read == 0 else {
            return nil
        }
        sb_vips_set_loader(made, loaderName)
        if let profile = header.blob(named: "icc-profile-data") { image.setBlob(named: "icc-profile-data", to: profile) }
        guard let cut = try? cutToLibvipsSize(image, stored: PixelSize(width: header.width, height: header.height), shrink: shrink)
        else { return nil }
        return (cut, sb_jpeg_end_of_image(decoder))
    }

    /// libjpeg rounds a shrunk side up (450 rows at 1/4: 113), libvips 8.14 down (112, the
    /// last partial row left out): the image is cut to libvips's size, so that both routes
    /// give the same pixels.
    private static func cutToLibvipsSize(_ image: VipsImage, stored: PixelSize, shrink: Int) throws -> VipsImage {
        let width = max(stored.width / shrink, 1), height = max(stored.height / shrink, 1)
        guard width < image.width || height < image.height else { return image }
        return try VipsImage.make("extract_area") {
            sb_vips_extract_area(image.pointer, $0, 0, 0, Int32(min(width, image.width)), Int32(min(height, image.height)))
        }
    }
}
