import CVips
import Foundation

extension VipsImage {
    /// Opens only the header of `bytes` with the one loader for `format`: the pixels are not
    /// decoded, so the size can be checked against the pixel limit first.
    public static func header(of bytes: SourceBytes, format: MediaFormat) throws -> VipsImage {
        let loader = try loaderCode(for: format)
        try Vips.start(for: format)
        return try make("load header", backing: bytes) { out in
            sb_vips_load_header(bytes.buffer.baseAddress, bytes.count, loader, out)
        }
    }

    /// Decodes `bytes` with shrink-on-load to fit inside `width` x `height` in the stored
    /// orientation, never upscaling. The result is held in memory, so later resizes and
    /// encodes of every thumbnail size read it, not the file, and decode happens once.
    /// With `convertToSRGB` an embedded ICC profile converts the pixels to sRGB.
    /// `heifLoader`: open with libvips's HEIF loader by name (an AVIF image sequence, which
    /// libvips's own sniffing refuses), not the loader libvips picks.
    public static func decodeShrunk(_ bytes: SourceBytes, fitting width: Int, _ height: Int,
                                    convertToSRGB: Bool, failOnTruncation: Bool, heifLoader: Bool = false) throws -> VipsImage {
        try heifLoader ? Vips.start(for: .heic) : Vips.startWithoutModules()
        let failOn = failOnTruncation ? VIPS_FAIL_ON_TRUNCATED : VIPS_FAIL_ON_NONE
        let lazy = try make("thumbnail", backing: bytes) { out in
            heifLoader
                ? sb_vips_thumbnail_heif_memory(bytes.buffer.baseAddress, bytes.count, out,
                                                Int32(width), Int32(height), convertToSRGB ? 1 : 0, failOn)
                : sb_vips_thumbnail_memory(bytes.buffer.baseAddress, bytes.count, out,
                                           Int32(width), Int32(height), convertToSRGB ? 1 : 0, failOn)
        }
        let srgb = try make("colourspace") { sb_vips_to_srgb8(lazy.pointer, $0) }
        return try srgb.inMemory()
    }

    /// Decodes a JPEG with libjpeg's DCT scaling at the largest factor (8, 4, 2 or 1) that keeps
    /// it at least `width` x `height` (stored orientation, `jpegShrink`), then fits it into that
    /// box. Cheaper than `decodeShrunk`, which keeps a 2x margin on top of the box: the box is
    /// already the largest thumbnail, and each thumbnail is resized from it with its own filter.
    /// `header` is the file's (`header(of:format:)`). With `direct`, the file is decoded by
    /// `DirectJPEGDecoder` when that route takes it (the caller has room for its whole shrunk
    /// picture), by libvips's streaming load otherwise.
    public static func decodeShrunkJPEG(_ bytes: SourceBytes, header: VipsImage, fitting width: Int, _ height: Int,
                                        convertToSRGB: Bool, direct: Bool = false) throws -> VipsImage {
        try decodeShrunkJPEGFindingEnd(bytes, header: header, fitting: width, height, convertToSRGB: convertToSRGB,
                                       direct: direct).image
    }

    /// `decodeShrunkJPEG`, and the offset just past the picture's end-of-image marker when the
    /// decode learned it (`DirectJPEGDecoder` took the file; nil when libvips decoded it).
    package static func decodeShrunkJPEGFindingEnd(_ bytes: SourceBytes, header: VipsImage, fitting width: Int, _ height: Int,
                                           convertToSRGB: Bool, direct: Bool) throws -> (image: VipsImage, endOfImage: Int?) {
        let shrink = jpegShrink(stored: PixelSize(width: header.width, height: header.height),
                                box: PixelSize(width: width, height: height))
        let decoded = direct ? DirectJPEGDecoder.decode(bytes, shrink: shrink, header: header) : nil
        let image = try decoded?.image ?? make("jpegload", backing: bytes) { out in
            sb_vips_jpeg_shrink_load(bytes.buffer.baseAddress, bytes.count, Int32(shrink), out)
        }
        return (try image.fittedInMemory(width, height, convertingToSRGB: convertToSRGB), decoded?.endOfImage)
    }

    /// The DCT shrink `decodeShrunkJPEG` decodes a JPEG of `stored` pixels at for `box`: the
    /// largest of 8, 4 and 2 that leaves both sides at least the box's, else 1. libvips sizes a
    /// shrunk JPEG by whole division (a 65500x1 strip at 1/8 would be 0 high, which it asserts
    /// on), so the factor is judged by whole division too.
    package static func jpegShrink(stored: PixelSize, box: PixelSize) -> Int {
        [8, 4, 2].first { (factor: Int) -> Bool in
            stored.width / factor >= max(box.width, 1) && stored.height / factor >= max(box.height, 1)
        } ?? 1
    }

    /// Decodes a HEIF file's image (or its embedded thumbnail, when that covers the box) with
    /// libavcodec or libde265 (HEIC, `HEVCEngine`) or dav1d (AVIF) directly, shrunk in YCbCr by a
    /// whole factor to at least `width` x `height` (`HEIFShrinkingDecoder`), then fits it into
    /// the box like `decodeShrunkJPEG`. nil when that route does not handle the file: decode it
    /// with `decodeShrunk`. With `convertToSRGB`
    /// the ICC profile libvips read from the header converts the pixels to sRGB.
    /// `container` is the HEIF's parsed boxes when the caller has them already. `admit` sees
    /// the route's plan before anything is decoded, and may refuse it by throwing, or give it
    /// a second thread (the decode-memory budget).
    package static func decodeShrunkHEIF(_ bytes: SourceBytes, container: HEIFContainer? = nil, header: VipsImage,
                                 fitting width: Int, _ height: Int, convertToSRGB: Bool,
                                 admit: (inout HEIFShrinkingDecoder.Plan) throws -> Void = { _ in }) throws -> VipsImage? {
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        guard let decoder = HEIFShrinkingDecoder(raw, padding: SourceBytes.padding, container: container),
              var plan = decoder.plan(covering: PixelSize(width: width, height: height),
                                      primarySize: PixelSize(width: header.width, height: header.height)) else { return nil }
        try admit(&plan)
        guard let shrunk = decoder.decode(plan) else { return nil }
        var image = shrunk.image
        for transform in shrunk.transforms { image = try image.applying(transform) }
        let profile = convertToSRGB ? header.blob(named: "icc-profile-data") : nil
        if let profile { image.setBlob(named: "icc-profile-data", to: profile) }
        return try image.fittedInMemory(width, height, convertingToSRGB: profile != nil)
    }

    /// `fittedInMemory`, the pixels converted to sRGB through the embedded ICC profile when
    /// `convert` says: 8-bit RGB after the fit, as libvips's `thumbnail` colour-manages after
    /// its resize, so the transform runs on the fitted pixels (a quarter to a half of those a
    /// shrink-on-load leaves) rather than on every decoded one; anything else (CMYK, grey,
    /// 16 bits) before it, since the fit makes 8-bit sRGB of it.
    package func fittedInMemory(_ width: Int, _ height: Int, convertingToSRGB convert: Bool) throws -> VipsImage {
        guard convert else { return try fittedInMemory(width, height) }
        guard bands == 3, vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR,
              let profile = blob(named: "icc-profile-data") else { return try convertedToSRGB().fittedInMemory(width, height) }
        let fitted = try fittedInMemory(width, height)
        fitted.setBlob(named: "icc-profile-data", to: profile)
        let converted = try fitted.convertedToSRGB().computedHere()
        sb_vips_mark_sequential(converted.pointer)
        return converted
    }

    /// Fitted into `width` x `height` (aspect kept), as 8-bit sRGB, computed now. The fitted
    /// size is computed here, never below 1x1: libvips's own fit rounds a 65500x1 strip to a
    /// height of 0 and aborts.
    ///
    /// 8-bit sRGB pictures that shrink (nearly every photo) are reduced by `Lanczos3Resampler`
    /// (`reducedByLanczos3`): libvips's kernel at a quarter of its CPU, each input row computed
    /// once, as it is read. Anything else goes through libvips's resize, its input fitted as
    /// read in order (`vips-sequential`), as an image from libvips's sequential loaders is: a
    /// resize that shrinks by 2 or more then runs through `vips_shrinkv`'s line cache. Without
    /// the mark (an image Shoebox made in memory), the 256 px thumbnail of a 1440 px preview
    /// recomputed its `vips_shrinkh` rows for every strip asked of it and cost 4x the CPU
    /// (docs/BENCHMARKS.md, "branch jpegsrc"), and so did the fit of a direct JPEG decode at 1/8
    /// of a panorama ("branch jpegfloor3"). The input is marked through a lazy copy: its own
    /// metadata stays as its other users see it. Either way the result is marked so, for any
    /// later resize of it through libvips.
    package func fittedInMemory(_ width: Int, _ height: Int) throws -> VipsImage {
        let fit = PixelSize(width: self.width, height: self.height).fitted(in: PixelSize(width: width, height: height))
        if let reduced = try reducedByLanczos3(to: fit) {
            sb_vips_mark_sequential(reduced.pointer)
            return reduced
        }
        let marked = try Self.make("copy") { sb_vips_copy_sequential(pointer, $0) }
        let fitted = try marked.resized(toWidth: fit.width, height: fit.height)
        let srgb = try Self.make("colourspace") { sb_vips_to_srgb8(fitted.pointer, $0) }
        let kept = try srgb.computedHere()
        sb_vips_mark_sequential(kept.pointer)
        return kept
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
        try Vips.startWithoutModules()
        return try make("thumbnail frames", backing: bytes) { out in
            sb_vips_thumbnail_all_frames(bytes.buffer.baseAddress, bytes.count, out, Int32(width), Int32(height))
        }
    }

    /// How many frames an image made by `allFrames` holds.
    public var pageCount: Int { Int(vips_image_get_n_pages(pointer)) }

    /// An sRGB image of packed 8-bit RGB pixels, copied (a decoded video frame).
    public static func fromRGB(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int) throws -> VipsImage {
        try Vips.startWithoutModules()
        guard pixels.count >= width * height * 3,
              let image = sb_vips_image_from_rgb(pixels.baseAddress, pixels.count, Int32(width), Int32(height)) else {
            throw MediaError.vips(operation: "image from memory", message: Vips.takeErrorMessage())
        }
        return VipsImage(owning: image)
    }

    /// Computes every pixel now, on the calling thread, and keeps them in memory: the same pixels
    /// as `inMemory()`, without its libvips thread pool, whose worker computes while the caller
    /// sleeps (for a thumbnail, the pool costs about 5 % of a JPEG run's time; docs/BENCHMARKS.md).
    /// Used for the fits libvips computes (`fittedInMemory`, for the pictures the Lanczos-3
    /// route leaves). Computed in strips of full rows, as libvips's sinks hand out for such
    /// pipelines, never in small tiles: libvips 8.14's arrayjoin frees an input's pixels under a
    /// small tile that points at them (a contact sheet's grid read freed memory so;
    /// `sb_vips_compute_here`).
    package func computedHere() throws -> VipsImage {
        guard let computed = LibraryClock.measure(.libvips, { sb_vips_compute_here(pointer) }) else {
            throw MediaError.vips(operation: "compute in memory", message: Vips.takeErrorMessage())
        }
        return VipsImage(owning: computed)
    }

    /// Computes every pixel now and keeps them in memory.
    public func inMemory() throws -> VipsImage {
        guard let copy = LibraryClock.measure(.libvips, { vips_image_copy_memory(pointer) }) else {
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
        case .jxl: return SB_FORMAT_JXL
        case .bmp: throw MediaError.vips(operation: "load", message: "BMP is decoded by FFmpeg, not libvips")
        case .mp4, .matroska, .avi: throw MediaError.vips(operation: "load", message: "video is not an image format")
        case .dng, .cr2, .cr3, .crw, .nef, .nrw, .arw, .sr2, .raf, .rw2, .orf, .pef, .srw, .threeFR, .iiq, .x3f, .mrw, .erf:
            throw MediaError.vips(operation: "load", message: "a camera RAW is decoded by LibRaw, not libvips")
        }
    }
}
