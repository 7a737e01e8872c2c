import CDe265

/// Decodes one coded HEVC image (a HEIF item: its `hvcC` parameter sets plus its data) with
/// libde265, in the calling thread. The only file that calls libde265.
enum HEVCDecoder {

    private static let initialised: Bool = de265_isOK(de265_init()) != 0

    /// Decodes and hands the picture's planes to `body`. With `skipLoopFilters` the deblocking
    /// and SAO filters are not run: they smooth 8x8 block edges that a thumbnail averages away.
    static func decode(configuration: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer,
                       skipLoopFilters: Bool, _ body: (YCbCrPlanes) throws -> Void) throws {
        guard initialised, let context = de265_new_decoder() else { throw PictureDecodeError.unsupported(codec: "HEVC", "libde265 did not start") }
        defer { de265_free_decoder(context) }
        if skipLoopFilters {
            de265_set_parameter_bool(context, DE265_DECODER_PARAM_DISABLE_DEBLOCKING, 1)
            de265_set_parameter_bool(context, DE265_DECODER_PARAM_DISABLE_SAO, 1)
        }
        let lengthSize = try pushParameterSets(configuration, to: context)
        try pushUnits(data, lengthSize: lengthSize, to: context)
        de265_flush_data(context)
        var more: Int32 = 1
        while more != 0 {
            let status = de265_decode(context, &more)
            if let picture = de265_get_next_picture(context) {
                defer { de265_release_next_picture(context) }
                return try body(planes(of: picture))
            }
            guard de265_isOK(status) != 0 || status == DE265_ERROR_WAITING_FOR_INPUT_DATA else {
                throw PictureDecodeError.refused(codec: "HEVC", LibraryCause(library: "libde265", code: "\(status.rawValue)",
                                                   message: String(cString: de265_get_error_text(status))))
            }
        }
        throw PictureDecodeError.damaged(codec: "HEVC", "no picture decoded")
    }

    /// `hvcC`: 22 bytes of profile fields (the last holds the NAL length size), then arrays of
    /// VPS/SPS/PPS units, each with a 16-bit length.
    private static func pushParameterSets(_ hvcC: UnsafeRawBufferPointer, to context: UnsafeMutableRawPointer) throws -> Int {
        var cursor = ByteCursor(hvcC)
        guard cursor.skip(21), let sizeField = cursor.u8(), let arrays = cursor.u8() else {
            throw PictureDecodeError.damaged(codec: "HEVC", "short hvcC")
        }
        for _ in 0..<arrays {
            guard cursor.skip(1), let count = cursor.u16() else { throw PictureDecodeError.damaged(codec: "HEVC", "short hvcC") }
            for _ in 0..<count {
                guard let length = cursor.u16(), cursor.remaining >= length else { throw PictureDecodeError.damaged(codec: "HEVC", "short hvcC") }
                de265_push_NAL(context, hvcC.baseAddress! + cursor.offset, Int32(length), 0, nil)
                _ = cursor.skip(length)
            }
        }
        return (sizeField & 3) + 1
    }

    /// The item's data: NAL units, each after a big-endian length of `lengthSize` bytes.
    private static func pushUnits(_ data: UnsafeRawBufferPointer, lengthSize: Int, to context: UnsafeMutableRawPointer) throws {
        var cursor = ByteCursor(data)
        while cursor.remaining > 0 {
            guard let length = cursor.sized(lengthSize), length <= cursor.remaining, length <= Int(Int32.max) else {
                throw PictureDecodeError.damaged(codec: "HEVC", "a NAL unit runs past the end of the item")
            }
            de265_push_NAL(context, data.baseAddress! + cursor.offset, Int32(length), 0, nil)
            _ = cursor.skip(length)
        }
    }

    private static func planes(of picture: OpaquePointer) throws -> YCbCrPlanes {
        // Above 8 bits libde265 stores 16-bit words; the shrinker takes one depth for all planes.
        let depth = Int(de265_get_bits_per_pixel(picture, 0))
        let format = de265_get_chroma_format(picture)
        let planeCount = format == de265_chroma_mono ? 1 : 3
        guard (8...16).contains(depth),
              (0..<planeCount).allSatisfy({ Int(de265_get_bits_per_pixel(picture, Int32($0))) == depth }) else {
            throw PictureDecodeError.unsupported(codec: "HEVC", "\(depth) bits a sample, or planes of different depths")
        }
        func plane(_ channel: Int32) throws -> YCbCrPlanes.Plane {
            var stride: Int32 = 0
            guard let base = de265_get_image_plane(picture, channel, &stride) else { throw PictureDecodeError.damaged(codec: "HEVC", "no plane \(channel)") }
            return .init(base: UnsafeRawPointer(base), stride: Int(stride), width: Int(de265_get_image_width(picture, channel)),
                         height: Int(de265_get_image_height(picture, channel)))
        }
        let shift: (x: Int, y: Int)
        switch format {
        case de265_chroma_mono, de265_chroma_444: shift = (0, 0)
        case de265_chroma_420: shift = (1, 1)
        case de265_chroma_422: shift = (1, 0)
        default: throw PictureDecodeError.unsupported(codec: "HEVC", "chroma format")
        }
        return YCbCrPlanes(luma: try plane(0), chroma: format == de265_chroma_mono ? nil : (try plane(1), try plane(2)),
                           chromaShift: shift, streamMatrix: Int(de265_get_image_matrix_coefficients(picture)),
                           streamFullRange: de265_get_image_full_range_flag(picture) != 0, bitDepth: depth)
    }
}
