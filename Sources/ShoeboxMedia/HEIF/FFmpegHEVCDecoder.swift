import CFFmpeg

/// Decodes one coded HEVC image (a HEIF item: its `hvcC` plus its data) with libavcodec's
/// `hevc` decoder, in the calling thread, single-threaded. On the bench corpus's HEIC tiles it
/// takes 25-30 % less CPU than libde265 with the loop filters skipped by both (its x86 SIMD and
/// its own CABAC; docs/BENCHMARKS.md, issue 14), and both being conforming decoders, the
/// picture is the same sample for sample. The only file that decodes HEVC through FFmpeg.
enum FFmpegHEVCDecoder {
    /// Decodes and hands the picture's planes to `body`, returning true; false, without calling
    /// `body`, when FFmpeg cannot be loaded or gives a sample layout `YCbCrPlanes` cannot hold
    /// (the caller then decodes with libde265). Throws `PictureDecodeError` when the
    /// data does not decode (a slice that fails fails the picture), and what `body` throws.
    /// `maxPixels`: a larger picture is refused before FFmpeg allocates it. With
    /// `skipLoopFilters` neither deblocking nor SAO runs (see `HEVCDecoder`).
    static func decode(configuration: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer, maxPixels: Int,
                       skipLoopFilters: Bool, _ body: (YCbCrPlanes) throws -> Void) throws -> Bool {
        guard (try? FFmpegLibraries.loadCodecs()) != nil else { return false }
        guard configuration.count <= Int(Int32.max), data.count <= Int(Int32.max) - 64,
              let configurationBase = configuration.baseAddress, let dataBase = data.baseAddress else {
            throw PictureDecodeError.damaged(codec: "HEVC", "an empty or oversized item")
        }
        var decoded: UnsafeMutablePointer<AVFrame>?
        let rc = sb_av_decode_hevc(configurationBase.assumingMemoryBound(to: UInt8.self), Int32(configuration.count),
                                   dataBase.assumingMemoryBound(to: UInt8.self), Int32(data.count),
                                   skipLoopFilters ? 1 : 0, Int64(maxPixels), &decoded)
        guard rc >= 0, let frame = decoded else { throw PictureDecodeError.refused(codec: "HEVC", LibraryCause(library: "FFmpeg", code: "\(rc)", message: VideoFile.message(rc))) }
        defer { av_frame_free(&decoded) }
        guard let planes = planes(of: frame) else { return false }
        try body(planes)
        return true
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
