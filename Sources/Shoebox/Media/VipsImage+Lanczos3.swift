import CVips

extension VipsImage {
    /// The largest picture (in bytes) `reducedByLanczos3` computes into memory before reducing
    /// it: a thumbnail box's decode (a 50 MP JPEG at 1/8 is 2.3 MB), never a preview's, whose
    /// copy would double what the decode holds. A larger one is left to libvips, which streams.
    static let largestPictureComputedForReduce = 4 << 20

    /// This image reduced to `size` by `Lanczos3Resampler`, computed now into memory, with this
    /// image's metadata; nil when that route does not take the image, and libvips resizes it.
    ///
    /// The route takes 8-bit sRGB without alpha (every decoder's output once converted to
    /// sRGB, nearly every photo) that shrinks or keeps each side, and is in memory or small
    /// enough to compute into memory (`largestPictureComputedForReduce`). Anything else (grey,
    /// alpha, 16-bit, an enlargement) keeps libvips's `thumbnail_image` and its conversions.
    func reducedByLanczos3(to size: PixelSize) throws -> VipsImage? {
        guard bands == 3, vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR,
              vips_image_get_interpretation(pointer) == VIPS_INTERPRETATION_sRGB,
              vips_image_get_coding(pointer) == VIPS_CODING_NONE,
              size.width >= 1, size.height >= 1, size.width <= width, size.height <= height,
              size != PixelSize(width: width, height: height) else { return nil }
        let source: VipsImage
        if sb_vips_memory_pixels(pointer) != nil {
            source = self
        } else if width * height * bands <= Self.largestPictureComputedForReduce {
            source = try computedHere()
        } else {
            return nil
        }
        guard let pixels = sb_vips_memory_pixels(source.pointer),
              let made = sb_vips_image_new_resized_like(source.pointer, Int32(size.width), Int32(size.height)) else {
            throw MediaError.vips(operation: "resize", message: Vips.takeErrorMessage())
        }
        let reduced = VipsImage(owning: made)
        Lanczos3Resampler(from: PixelSize(width: width, height: height), to: size, bands: 3)
            .resample(pixels, inputRowBytes: width * 3, into: sb_vips_image_pixels(made), outputRowBytes: size.width * 3)
        return reduced
    }
}
