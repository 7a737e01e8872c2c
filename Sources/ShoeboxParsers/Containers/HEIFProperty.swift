/// An item property of a HEIF file (ISO/IEC 23008-12), as far as decoding it needs.
package enum HEIFProperty: Equatable {
    /// `hvcC`: the HEVC parameter sets, as payload bounds in the file.
    case hevcConfiguration(start: Int, end: Int)
    /// `av1C`: an AV1 image's depth and chroma layout (a shift of 1 halves chroma that way).
    case av1Configuration(bitDepth: Int, monochrome: Bool, chromaShiftX: Int, chromaShiftY: Int)
    /// `ispe`: the image's width and height before any transformation.
    case spatialExtent(width: Int, height: Int)
    /// `irot`: anticlockwise quarter turns.
    case rotation(anticlockwiseQuarterTurns: Int)
    /// `imir`: 0 mirrors about a vertical axis (left and right swap), 1 about a horizontal one.
    case mirror(axis: Int)
    /// `colr` of type `nclx`: how YCbCr maps to RGB.
    case colourCoding(matrix: Int, fullRange: Bool)
    /// `colr` of type `prof` or `rICC`: an ICC profile.
    case iccProfile
    /// `clap`: a crop Shoebox does not apply itself.
    case cleanAperture
    /// `auxC`: what an auxiliary image is (alpha, depth, an HDR gain map).
    case auxiliaryType(String)
    case other(String)

    static func parse(_ box: ISOBox, in bytes: UnsafeRawBufferPointer) -> HEIFProperty? {
        var cursor = box.cursor(in: bytes)
        switch box.type {
        case "hvcC":
            return .hevcConfiguration(start: box.start, end: box.end)
        case "av1C":
            // marker and version; profile and level; then tier, high_bitdepth, twelve_bit,
            // monochrome, chroma_subsampling_x and _y, one bit each (AV1-ISOBMFF 2.3.3).
            guard cursor.skip(2), let flags = cursor.u8() else { return nil }
            let depth = flags & 0x40 == 0 ? 8 : (flags & 0x20 == 0 ? 10 : 12)
            return .av1Configuration(bitDepth: depth, monochrome: flags & 0x10 != 0,
                                     chromaShiftX: (flags >> 3) & 1, chromaShiftY: (flags >> 2) & 1)
        case "ispe":
            guard cursor.skip(4), let width = cursor.u32(), let height = cursor.u32() else { return nil }
            return .spatialExtent(width: width, height: height)
        case "irot":
            return cursor.u8().map { .rotation(anticlockwiseQuarterTurns: $0 & 3) }
        case "imir":
            return cursor.u8().map { .mirror(axis: $0 & 1) }
        case "colr":
            guard let kind = cursor.fourCC() else { return nil }
            if kind == "prof" || kind == "rICC" { return .iccProfile }
            guard kind == "nclx", cursor.skip(4), let matrix = cursor.u16(), let range = cursor.u8() else {
                return .other("colr")
            }
            return .colourCoding(matrix: matrix, fullRange: range & 0x80 != 0)
        case "clap":
            return .cleanAperture
        case "auxC":
            guard cursor.skip(4) else { return nil }
            return .auxiliaryType(cursor.cString())
        default:
            return .other(box.type)
        }
    }
}
