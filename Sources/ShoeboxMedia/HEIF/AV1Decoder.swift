import CDav1d

/// Decodes one coded AV1 image (an AVIF item's data: its OBUs, sequence header first) with
/// dav1d, in the calling thread, into one picture at the stream's own depth and chroma
/// layout. One thread and no frame delay: dav1d's frame threading keeps per-thread copies of
/// the whole frame's coefficients (libheif's default settings peak at 25 bytes a pixel for a
/// 10-bit picture on two cores), while a still image gains nothing from it. What the decode
/// holds is then the picture itself (`pictureBytes`) and little else. The only file that
/// calls dav1d.
package enum AV1Decoder {

    /// What dav1d allocates for a `width` x `height` picture of `bitDepth` bits (16-bit words
    /// above 8), its chroma subsampled by `chromaShift` (nil: monochrome): rows and columns
    /// rounded up to 128, as dav1d's default picture allocator does.
    static func pictureBytes(width: Int, height: Int, bitDepth: Int, chromaShift: (x: Int, y: Int)?) -> Int {
        let lumaStride = (width + 127) / 128 * 128 * (bitDepth > 8 ? 2 : 1)
        let rows = (height + 127) / 128 * 128
        guard let shift = chromaShift else { return lumaStride * rows }
        return lumaStride * rows + 2 * (lumaStride >> shift.x) * (rows >> shift.y)
    }

    /// Decodes and hands the picture's planes to `body`. `maxPixels`: a larger frame is refused
    /// by dav1d before it allocates it. With `skipLoopFilters` neither the in-loop filters
    /// (deblocking, CDEF, loop restoration) nor film grain are applied: as for HEVC
    /// (`HEVCDecoder`), a box shrink of 4 or more averages away what they change.
    static func decode(data: UnsafeRawBufferPointer, maxPixels: Int, skipLoopFilters: Bool,
                       _ body: (YCbCrPlanes) throws -> Void) throws {
        var settings = Dav1dSettings()
        dav1d_default_settings(&settings)
        settings.n_threads = 1
        settings.max_frame_delay = 1
        settings.all_layers = 0
        settings.frame_size_limit = UInt32(clamping: maxPixels)
        if skipLoopFilters {
            settings.inloop_filters = DAV1D_INLOOPFILTER_NONE
            settings.apply_grain = 0
        }
        var context: OpaquePointer?
        guard dav1d_open(&context, &settings) == 0, let context else { throw PictureDecodeError.unsupported(codec: "AV1", "dav1d did not start") }
        defer { var closing: OpaquePointer? = context; dav1d_close(&closing) }
        var input = Dav1dData()
        guard let copy = dav1d_data_create(&input, data.count) else { throw PictureDecodeError.damaged(codec: "AV1", "no memory for the data") }
        copy.update(from: data.baseAddress!.assumingMemoryBound(to: UInt8.self), count: data.count)
        defer { dav1d_data_unref(&input) }
        var picture = Dav1dPicture()
        try pump(context, &input, into: &picture)
        defer { dav1d_picture_unref(&picture) }
        try body(planes(of: picture))
    }

    /// Sends the data and takes the one picture out, as dav1d's API asks: send until it is
    /// all taken, getting pictures whenever the decoder says it needs to give one first.
    private static func pump(_ context: OpaquePointer, _ input: inout Dav1dData, into picture: inout Dav1dPicture) throws {
        let again = sb_dav1d_again()
        while input.sz > 0 {
            let sent = dav1d_send_data(context, &input)
            if sent == again { break }
            guard sent == 0 else { throw PictureDecodeError.refused(codec: "AV1", LibraryCause(library: "dav1d", code: "\(sent)", message: "refused the data")) }
        }
        var status = dav1d_get_picture(context, &picture)
        if status == again { status = dav1d_get_picture(context, &picture) }
        guard status == 0 else { throw PictureDecodeError.refused(codec: "AV1", LibraryCause(library: "dav1d", code: "\(status)", message: "no picture decoded")) }
    }

    private static func planes(of picture: Dav1dPicture) throws -> YCbCrPlanes {
        let width = Int(picture.p.w), height = Int(picture.p.h)
        let shift: (x: Int, y: Int)
        switch picture.p.layout {
        case DAV1D_PIXEL_LAYOUT_I400, DAV1D_PIXEL_LAYOUT_I444: shift = (0, 0)
        case DAV1D_PIXEL_LAYOUT_I420: shift = (1, 1)
        case DAV1D_PIXEL_LAYOUT_I422: shift = (1, 0)
        default: throw PictureDecodeError.unsupported(codec: "AV1", "chroma layout")
        }
        guard let luma = picture.data.0, width > 0, height > 0 else { throw PictureDecodeError.damaged(codec: "AV1", "an empty picture") }
        let lumaPlane = YCbCrPlanes.Plane(base: UnsafeRawPointer(luma), stride: Int(picture.stride.0), width: width, height: height)
        var chroma: (cb: YCbCrPlanes.Plane, cr: YCbCrPlanes.Plane)?
        if picture.p.layout != DAV1D_PIXEL_LAYOUT_I400 {
            guard let cb = picture.data.1, let cr = picture.data.2 else { throw PictureDecodeError.damaged(codec: "AV1", "no chroma planes") }
            let size = ((width + (1 << shift.x) - 1) >> shift.x, (height + (1 << shift.y) - 1) >> shift.y)
            chroma = (.init(base: UnsafeRawPointer(cb), stride: Int(picture.stride.1), width: size.0, height: size.1),
                      .init(base: UnsafeRawPointer(cr), stride: Int(picture.stride.1), width: size.0, height: size.1))
        }
        let header = picture.seq_hdr.pointee
        return YCbCrPlanes(luma: lumaPlane, chroma: chroma, chromaShift: shift,
                           streamMatrix: Int(header.mtrx.rawValue), streamFullRange: header.color_range != 0,
                           bitDepth: Int(picture.p.bpc))
    }
}
