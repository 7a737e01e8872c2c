import CFFmpeg

/// Decodes the coded HEVC pictures of one image (a HEIF item, or a grid's tiles: each its
/// `hvcC` plus its data) with libavcodec's `hevc` decoder, in the calling thread (and, with
/// `threads` 2, one more of libavcodec's own for a picture coded in wavefront rows). On the
/// bench corpus's HEIC tiles it takes 25-30 % less CPU than libde265 with the loop filters
/// skipped by both (its x86 SIMD and its own CABAC; docs/BENCHMARKS.md,
/// issue 14), and both being conforming decoders, the picture is the same sample for sample.
/// One decoder serves every picture with the same `hvcC` (a grid's tiles share one), flushed
/// after each, so its buffers and tables are made once an image, not once a tile. The only
/// file that decodes HEVC through FFmpeg.
final class FFmpegHEVCDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    /// The `hvcC` the open decoder was made from.
    private var configuration: [UInt8] = []
    let maxPixels: Int
    let skipLoopFilters: Bool
    /// Whether the decoder stays open for another picture while `body` works on one; else it
    /// is freed first, its tables (about 1.5 bytes a pixel beside the picture) with it.
    let keepsOpen: Bool
    /// The threads a picture may be decoded with (`sb_av_open_hevc`): the same samples either way.
    let threads: Int

    /// `maxPixels`: a larger picture is refused before FFmpeg allocates it. With
    /// `skipLoopFilters` neither deblocking nor SAO runs (see `HEVCDecoder`). `keepsOpen` for
    /// an image of several pictures (a grid's tiles).
    init(maxPixels: Int, skipLoopFilters: Bool, keepsOpen: Bool, threads: Int = 1) {
        (self.maxPixels, self.skipLoopFilters, self.keepsOpen, self.threads) = (maxPixels, skipLoopFilters, keepsOpen, threads)
    }

    deinit { close() }

    /// Frees the decoder and what it holds (its picture buffers and tables): once the image's
    /// last picture is decoded, so they are not held beside what comes after.
    func close() {
        avcodec_free_context(&context)
        configuration = []
    }

    /// Decodes and hands the picture's planes to `body`, returning true; false, without calling
    /// `body`, when FFmpeg cannot be loaded or gives a sample layout `YCbCrPlanes` cannot hold
    /// (the caller then decodes with libde265). Throws `PictureDecodeError` when the
    /// data does not decode (a slice that fails fails the picture), and what `body` throws.
    /// When at least FFmpeg's input padding (64 bytes) of readable memory follows `data`
    /// (`readableAfter`), libavcodec reads `data` where it is instead of a padded copy: a 12 MP
    /// picture's 2 MB less held while it decodes. FFmpeg holds no reference to it after this call.
    func decode(configuration: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer, readableAfter: Int = 0,
                _ body: (YCbCrPlanes) throws -> Void) throws -> Bool {
        guard (try? FFmpegLibraries.loadCodecs()) != nil else { return false }
        guard configuration.count <= Int(Int32.max), data.count <= Int(Int32.max) - 64,
              configuration.baseAddress != nil, let dataBase = data.baseAddress else {
            throw PictureDecodeError.damaged(codec: "HEVC", "an empty or oversized item")
        }
        let decoder = try open(configuration)
        var decoded: UnsafeMutablePointer<AVFrame>?
        let inPlace: Int32 = readableAfter >= Int(AV_INPUT_BUFFER_PADDING_SIZE) ? 1 : 0
        let rc = sb_av_decode_hevc_picture(decoder, dataBase.assumingMemoryBound(to: UInt8.self), Int32(data.count), inPlace,
                                           &decoded)
        guard rc >= 0, let frame = decoded else { throw Self.refusal(rc) }
        defer { av_frame_free(&decoded) }
        if !keepsOpen { close() }
        guard let planes = Self.planes(of: frame) else { return false }
        try body(planes)
        return true
    }

    /// The open decoder when it was made from `configuration`, else a new one made from it.
    private func open(_ configuration: UnsafeRawBufferPointer) throws -> UnsafeMutablePointer<AVCodecContext> {
        if let context, self.configuration.elementsEqual(configuration) { return context }
        close()
        let bytes = configuration.bindMemory(to: UInt8.self)
        var opened: UnsafeMutablePointer<AVCodecContext>?
        let rc = sb_av_open_hevc(bytes.baseAddress, Int32(bytes.count), skipLoopFilters ? 1 : 0, Int32(clamping: threads),
                                 Int64(maxPixels), &opened)
        guard rc >= 0, let opened else { throw Self.refusal(rc) }
        (context, self.configuration) = (opened, Array(bytes))
        return opened
    }

    private static func refusal(_ rc: Int32) -> PictureDecodeError {
        .refused(codec: "HEVC", LibraryCause(library: "FFmpeg", code: "\(rc)", message: VideoFile.message(rc)))
    }

    /// The frame's planes as `YCbCrPlanes`, nil for a layout it cannot hold. AVColorSpace
    /// numbers the matrices as HEVC's VUI does (ISO/IEC 23091-2), as libde265 reports them.
    private static func planes(of frame: UnsafeMutablePointer<AVFrame>) -> YCbCrPlanes? {
        var depth: Int32 = 0, shiftX: Int32 = 0, shiftY: Int32 = 0, count: Int32 = 0
        guard sb_av_frame_layout(frame, &depth, &shiftX, &shiftY, &count) == 0 else { return nil }
        let picture = frame.pointee
        let (width, height) = (Int(picture.width), Int(picture.height))
        let data = [picture.data.0, picture.data.1, picture.data.2]
        let strides = [picture.linesize.0, picture.linesize.1, picture.linesize.2]
        func plane(_ index: Int) -> YCbCrPlanes.Plane? {
            guard let base = data[index], strides[index] > 0 else { return nil }
            let (x, y) = index == 0 ? (0, 0) : (Int(shiftX), Int(shiftY))
            return .init(base: UnsafeRawPointer(base), stride: Int(strides[index]),
                         width: (width + (1 << x) - 1) >> x, height: (height + (1 << y) - 1) >> y)
        }
        guard let luma = plane(0) else { return nil }
        var chroma: (cb: YCbCrPlanes.Plane, cr: YCbCrPlanes.Plane)?
        if count == 3 {
            guard let cb = plane(1), let cr = plane(2) else { return nil }
            chroma = (cb, cr)
        }
        return YCbCrPlanes(luma: luma, chroma: chroma, chromaShift: chroma == nil ? (0, 0) : (Int(shiftX), Int(shiftY)),
                           streamMatrix: Int(picture.colorspace.rawValue),
                           streamFullRange: picture.color_range == AVCOL_RANGE_JPEG, bitDepth: Int(depth))
    }
}
