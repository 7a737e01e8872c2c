/// What one decode holds at once, estimated from the file's header and structure before any
/// pixel is decoded: the figure `DecodeLimits.checkMemory` holds against
/// `limits.decodeMemoryBytes` (the file's own bytes, read whole before decoding, come on top),
/// and the words of the `tooLarge` message that says why.
///
/// Each decoder has its own model, written where it is measured (docs/RELIABILITY.md, "The
/// memory limit for every decoder"): libvips streams baseline JPEG, plain PNG and stripped or
/// tiled TIFF a few rows at a time and has libwebp decode at the shrunk size, so those cost
/// their working rows; the rest hold a whole picture (or its coefficients) at some point.
struct DecodeMemory: Equatable {
    /// Saturated at `Int.max` on overflow: a header that large is always over any budget.
    let bytes: Int
    let what: String

    /// `pixels` x `bytesPerPixel`, saturated.
    static func product(_ size: PixelSize, _ bytesPerPixel: Int) -> Int {
        let pixels = size.width.multipliedReportingOverflow(by: size.height)
        let total = pixels.partialValue.multipliedReportingOverflow(by: bytesPerPixel)
        return pixels.overflow || total.overflow ? .max : total.partialValue
    }

    /// An interlaced PNG's whole picture; nil for a plain PNG, which libpng streams by rows.
    static func png(_ raw: UnsafeRawBufferPointer, size: PixelSize) -> DecodeMemory? {
        PNGStructure.wholeDecodeBytes(raw).map {
            DecodeMemory(bytes: $0, what: "an interlaced (Adam7) PNG is decoded whole: its \(size) pixels")
        }
    }

    /// A PNG's text as libpng and libvips hold it, from its header on; nil for a PNG with no
    /// text. Counted up to `limit` (`PNGText`): past it, the file is over any budget that size.
    static func pngText(_ raw: UnsafeRawBufferPointer, limit: Int) -> DecodeMemory? {
        let counted = limit / pngTextCopies
        let text = PNGText.inflatedBytes(raw, atMost: counted)
        guard text > 0 else { return nil }
        let size = text > counted ? "more than \(megabytes(counted))" : megabytes(text)
        return DecodeMemory(bytes: text.multipliedReportingOverflow(by: pngTextCopies).partialValue,
                            what: "a PNG's text chunks inflate to \(size), which libvips holds \(pngTextCopies) times over")
    }

    /// What two parts of one decode hold together (either may be nil).
    static func both(_ first: DecodeMemory?, _ second: DecodeMemory?) -> DecodeMemory? {
        guard let first, let second else { return first ?? second }
        return DecodeMemory(bytes: first.bytes.addingReportingOverflow(second.bytes).partialValue,
                            what: first.what + ", and " + second.what)
    }

    /// How many copies of a PNG's inflated text a decode holds at once: libpng's, and libvips's
    /// in each image the decode makes (header, load, shrink...). Measured: 40 chunks of 7 MB
    /// (280 MB) took 1,680 MB to thumbnail over an idle ingest's 50 MB (docs/RELIABILITY.md).
    static let pngTextCopies = 6

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// A progressive JPEG's DCT coefficients; nil for a baseline one, which libjpeg streams.
    static func jpeg(_ raw: UnsafeRawBufferPointer, size: PixelSize) -> DecodeMemory? {
        JPEGStructure.wholeDecodeBytes(raw).map {
            DecodeMemory(bytes: $0, what: "a progressive JPEG is decoded whole: the DCT coefficients of its \(size) pixels")
        }
    }

    /// A JPEG decoded by `DirectJPEGDecoder` at 1/`shrink`: its whole shrunk picture, `bands`
    /// bytes a pixel (libjpeg rounds each side up).
    static func jpegDirect(size: PixelSize, shrink: Int, bands: Int) -> DecodeMemory {
        let shrunk = PixelSize(width: (size.width + shrink - 1) / shrink, height: (size.height + shrink - 1) / shrink)
        return DecodeMemory(bytes: product(shrunk, bands), what: "a JPEG decoded whole at \(shrunk)")
    }

    /// libvips 8.14's jxlload has libjxl 0.7 decode into one buffer of `bytesPerPixel` a pixel,
    /// and libjxl keeps its own frame besides: 3.6 bytes a pixel more, measured on a 20 MP
    /// 8-bit file (133 MB over an idle ingest for a 60 MB buffer), counted as 4.
    static func jxl(size: PixelSize, bytesPerPixel: Int) -> DecodeMemory {
        DecodeMemory(bytes: product(size, bytesPerPixel + 4),
                     what: "a JPEG XL is decoded whole (libjxl's frame and the output): its \(size) pixels")
    }

    /// libwebp decodes a still straight at the shrunk size libvips asks for (`box`, with
    /// libvips's margin of two), RGBA; an animation's frame is decoded at full size onto a
    /// full-size canvas, two RGBA pictures.
    static func webp(size: PixelSize, box: PixelSize, animated: Bool) -> DecodeMemory {
        if animated {
            return DecodeMemory(bytes: product(size, 8),
                                what: "an animated WebP's frame and canvas are decoded whole: its \(size) pixels")
        }
        let shrunk = PixelSize(width: min(size.width, box.width * 2), height: min(size.height, box.height * 2))
        return DecodeMemory(bytes: product(shrunk, 4), what: "a WebP is decoded at \(shrunk)")
    }

    /// libtiff decodes a strip (or a row of tiles, which libvips caches twice over) whole;
    /// a TIFF written as one strip is decoded whole.
    static func tiff(_ raw: UnsafeRawBufferPointer, size: PixelSize, bytesPerPixel: Int) -> DecodeMemory {
        let directory = TIFFFirstDirectory(raw)
        if let tileHeight = directory?.integer(tag: 323), tileHeight > 0 {
            let rows = PixelSize(width: size.width, height: min(size.height, tileHeight))
            return DecodeMemory(bytes: product(rows, bytesPerPixel).multipliedReportingOverflow(by: 2).partialValue,
                                what: "a tiled TIFF is decoded a row of \(rows) tiles at a time, twice over")
        }
        // RowsPerStrip defaults to the whole image (TIFF 6.0).
        let rowsPerStrip = min(size.height, max(1, directory?.integer(tag: 278) ?? size.height))
        let strip = PixelSize(width: size.width, height: rowsPerStrip)
        return DecodeMemory(bytes: product(strip, bytesPerPixel),
                            what: "a TIFF is decoded a strip at a time: \(strip) of its \(size) pixels")
    }

    /// libvips 8.14's GIF loader has libnsgif decode the first frame onto a full-size RGBA
    /// canvas, and copies it into an image of its own: 8 bytes a pixel of the logical screen
    /// (6.4 measured on 8000x8000, 7.0 on 4000x4000). A GIF's frames are never shrunk on load.
    static func gif(size: PixelSize) -> DecodeMemory {
        DecodeMemory(bytes: product(size, 8), what: "a GIF's first frame is decoded whole onto its \(size) screen")
    }

    /// FFmpeg's BMP decoder makes one full-size frame of the file's depth (a palette index, 16,
    /// 24 or 32 bits a pixel), scaled to the box after.
    static func bmp(size: PixelSize, bitsPerPixel: Int) -> DecodeMemory {
        DecodeMemory(bytes: product(size, max(1, (bitsPerPixel + 7) / 8)),
                     what: "a BMP is decoded whole by FFmpeg: its \(size) pixels")
    }

    /// `BMPBitFields` makes the whole picture as 8-bit RGB, and libvips copies it: 6 bytes a pixel.
    static func bmpBitFields(size: PixelSize) -> DecodeMemory {
        DecodeMemory(bytes: product(size, 6), what: "a bit-field BMP is decoded whole: its \(size) pixels, twice over")
    }

    /// The HEIF shrinking route's own estimate (`HEIFShrinkingDecoder.Plan.peakBytes`).
    static func heifRoute(_ plan: HEIFShrinkingDecoder.Plan, size: PixelSize) -> DecodeMemory {
        let codec = plan.codec == "av01" ? "dav1d" : plan.hevcEngine.rawValue
        return DecodeMemory(bytes: plan.peakBytes,
                            what: "a \(size) HEIF picture is decoded by \(codec) \(plan.tilePixels) at a time and shrunk by \(plan.factor)")
    }

    /// libvips's heifload has libheif decode the whole image and convert it to RGB (16-bit
    /// above 8 bits), beside the decoder's own planes: for HEVC 7 bytes a pixel at 8 bits
    /// (6.4 measured on a 48 MP file), for AV1 14 (dav1d's frame threads; 13.8 measured on
    /// 12 MP at 8 bits, on two cores), twice that above 8 bits (24.7 measured on 20 MP 10-bit).
    static func libheif(size: PixelSize, av1: Bool, highBitDepth: Bool) -> DecodeMemory {
        let perPixel = (av1 ? 14 : 7) * (highBitDepth ? 2 : 1)
        return DecodeMemory(bytes: product(size, perPixel),
                            what: "a HEIF image libheif decodes whole (\(av1 ? "AV1" : "HEVC"), "
                                + "\(highBitDepth ? "more than 8" : "8") bits): its \(size) pixels")
    }
}
