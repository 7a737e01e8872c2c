import CVips

extension VipsImage {
    /// This image reduced to `size` by `Lanczos3Resampler`, computed now into memory, with this
    /// image's metadata; nil when that route does not take the image, and libvips resizes it.
    ///
    /// The route takes 8-bit sRGB without alpha (every decoder's output once converted to
    /// sRGB, nearly every photo) that shrinks or keeps each side. A picture in memory is read
    /// where it is; any other is computed row by row as the reduce reads it (`StreamedRows`),
    /// never held whole. Anything else (grey, alpha, 16-bit, an enlargement) keeps libvips's
    /// `thumbnail_image` and its conversions.
    package func reducedByLanczos3(to size: PixelSize) throws -> VipsImage? {
        guard bands == 3, vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR,
              vips_image_get_interpretation(pointer) == VIPS_INTERPRETATION_sRGB,
              vips_image_get_coding(pointer) == VIPS_CODING_NONE,
              size.width >= 1, size.height >= 1, size.width <= width, size.height <= height,
              size != PixelSize(width: width, height: height) else { return nil }
        guard let made = sb_vips_image_new_resized_like(pointer, Int32(size.width), Int32(size.height)) else {
            throw MediaError.vips(operation: "resize", message: Vips.takeErrorMessage())
        }
        let reduced = VipsImage(owning: made)
        let resampler = Lanczos3Resampler(from: PixelSize(width: width, height: height), to: size, bands: 3)
        let output = sb_vips_image_pixels(made)!, outputRowBytes = size.width * 3
        try LibraryClock.measure(.resampler) {
            if let pixels = sb_vips_memory_pixels(pointer) {
                resampler.resample(pixels, inputRowBytes: width * 3, into: output, outputRowBytes: outputRowBytes)
            } else {
                let rows = try StreamedRows(self, keeping: resampler.vertical.stride)   // its libvips work counted as libvips's
                try resampler.resample(rows: rows.row, into: output, outputRowBytes: outputRowBytes)
            }
        }
        return reduced
    }
}
