/// What an H.264 sequence parameter set says about the frames of a video: their size after
/// cropping, and the pixel aspect ratio and transfer characteristics of its VUI (ITU-T H.264
/// 7.3.2.1.1 and E.1.1), read from
/// the `avcC` record an MP4 or QuickTime file keeps in its headers (ISO/IEC 14496-15 5.3.3).
///
/// FFmpeg's decoder gives a stream these values once it has decoded a frame; reading them here
/// lets a description of the file skip that decoding. The reader is strict: anything it does
/// not follow exactly (an SPS FFmpeg would refuse or adjust, a reserved aspect ratio) makes it
/// fail, and the caller then asks FFmpeg.
package struct H264SequenceParameters: Equatable {
    package var width: Int
    package var height: Int
    /// The VUI's sample aspect ratio, 0:1 when the VUI gives none (as FFmpeg reports it).
    package var aspectNumerator: Int
    package var aspectDenominator: Int
    /// The VUI's `transfer_characteristics` (Table E-4: 16 is PQ, 18 HLG), nil when the VUI
    /// describes no colour; FFmpeg's decoder then keeps the container's.
    package var transferCharacteristics: Int? = nil
}

extension H264SequenceParameters {
    /// The first SPS of an `avcC` record; nil when there is none or it cannot be followed.
    package init?(avcC record: UnsafeRawBufferPointer) {
        guard record.count >= 8, record[0] == 1, record[5] & 0x1F >= 1 else { return nil }
        let length = Int(record[6]) << 8 | Int(record[7])
        guard length >= 2, 8 + length <= record.count, record[8] & 0x1F == 7 else { return nil }
        var reader = BitReader(payload: UnsafeRawBufferPointer(rebasing: record[9 ..< 8 + length]))
        guard let parsed = try? Self.parse(&reader) else { return nil }
        self = parsed
    }

    /// A field this strict reader does not follow: the SPS gives nil, and the caller asks FFmpeg.
    private struct UnreadableSPSError: Error {}

    /// The profiles whose SPS carries the chroma format, bit depths and scaling matrices.
    private static let highProfiles: Set<Int> = [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]

    /// Table E-1's sample aspect ratios, by `aspect_ratio_idc` 0...16 (0: unspecified).
    private static let aspectRatios: [(Int, Int)] = [(0, 1), (1, 1), (12, 11), (10, 11), (16, 11), (40, 33), (24, 11), (20, 11),
                                                     (32, 11), (80, 33), (18, 11), (15, 11), (64, 33), (160, 99), (4, 3), (3, 2), (2, 1)]

    private static func parse(_ r: inout BitReader) throws -> H264SequenceParameters {
        let profile = try r.bits(8)
        _ = try r.bits(16)                                  // constraint flags, level
        guard try r.ue() <= 31 else { throw UnreadableSPSError() }  // seq_parameter_set_id
        var chromaFormat = 1
        if highProfiles.contains(profile) {
            chromaFormat = try r.ue()
            guard chromaFormat <= 3 else { throw UnreadableSPSError() }
            if chromaFormat == 3 { guard try r.bits(1) == 0 else { throw UnreadableSPSError() } }   // separate colour planes
            guard try r.ue() <= 6, try r.ue() <= 6 else { throw UnreadableSPSError() }               // bit depths
            _ = try r.bits(1)
            if try r.bits(1) == 1 {
                for list in 0 ..< (chromaFormat == 3 ? 12 : 8) where try r.bits(1) == 1 {
                    try skipScalingList(&r, size: list < 6 ? 16 : 64)
                }
            }
        }
        guard try r.ue() <= 12 else { throw UnreadableSPSError() }  // log2_max_frame_num_minus4
        switch try r.ue() {                                 // pic_order_cnt_type
        case 0: guard try r.ue() <= 12 else { throw UnreadableSPSError() }
        case 1:
            _ = try r.bits(1)
            _ = try r.se()
            _ = try r.se()
            let cycle = try r.ue()
            guard cycle <= 255 else { throw UnreadableSPSError() }
            for _ in 0 ..< cycle { _ = try r.se() }
        case 2: break
        default: throw UnreadableSPSError()
        }
        _ = try r.ue()                                      // max_num_ref_frames
        _ = try r.bits(1)
        let widthInMacroblocks = try r.ue() + 1
        let heightInMapUnits = try r.ue() + 1
        let framesOnly = try r.bits(1)
        if framesOnly == 0 { _ = try r.bits(1) }
        _ = try r.bits(1)                                   // direct_8x8_inference_flag
        var crop = (left: 0, right: 0, top: 0, bottom: 0)
        if try r.bits(1) == 1 { crop = (try r.ue(), try r.ue(), try r.ue(), try r.ue()) }
        // FFmpeg trims unaligned left crops and drops impossible ones; only the plain case is read.
        guard crop.left == 0, crop.top == 0, widthInMacroblocks <= 1024, heightInMapUnits <= 1024 else { throw UnreadableSPSError() }
        let unitX = chromaFormat == 1 || chromaFormat == 2 ? 2 : 1
        let unitY = (chromaFormat == 1 ? 2 : 1) * (2 - framesOnly)
        let width = widthInMacroblocks * 16 - crop.right * unitX
        let height = heightInMapUnits * (2 - framesOnly) * 16 - crop.bottom * unitY
        guard width > 0, height > 0 else { throw UnreadableSPSError() }
        var aspect = (0, 1)
        var transfer: Int?
        if try r.bits(1) == 1 {                             // vui_parameters_present_flag
            if try r.bits(1) == 1 { aspect = try readAspectRatio(&r) }
            if try r.bits(1) == 1 { _ = try r.bits(1) }     // overscan_info_present_flag, overscan_appropriate_flag
            if try r.bits(1) == 1 {                         // video_signal_type_present_flag
                _ = try r.bits(4)                           // video_format, video_full_range_flag
                if try r.bits(1) == 1 {                     // colour_description_present_flag
                    _ = try r.bits(8)
                    transfer = try r.bits(8)
                    _ = try r.bits(8)
                }
            }
        }
        guard aspect.0 == aspect.1 || aspect.0 == 0 || (aspect.1 > 0 && width * aspect.0 / aspect.1 > 0 && height * aspect.1 / aspect.0 > 0)
        else { throw UnreadableSPSError() }
        return H264SequenceParameters(width: width, height: height, aspectNumerator: aspect.0 == 0 ? 0 : aspect.0,
                                      aspectDenominator: aspect.0 == 0 ? 1 : aspect.1, transferCharacteristics: transfer)
    }

    /// `aspect_ratio_idc`, with its two fields when it is 255 (Extended_SAR).
    private static func readAspectRatio(_ r: inout BitReader) throws -> (Int, Int) {
        let index = try r.bits(8)
        if index == 255 { return (try r.bits(16), try r.bits(16)) }
        guard index < aspectRatios.count else { throw UnreadableSPSError() }
        return aspectRatios[index]
    }

    /// Steps over one `scaling_list()` (7.3.2.1.1.1): deltas until the list ends or repeats.
    private static func skipScalingList(_ r: inout BitReader, size: Int) throws {
        var last = 8, next = 8
        for _ in 0 ..< size where next != 0 {
            let delta = try r.se()
            guard (-128 ... 127).contains(delta) else { throw UnreadableSPSError() }
            next = (last + delta + 256) % 256
            last = next == 0 ? last : next
        }
    }

    /// Reads the bits of a NAL unit's payload, dropping its emulation-prevention bytes
    /// (the 03 of each 00 00 03).
    private struct BitReader {
        private var bytes: [UInt8] = []
        private var position = 0

        init(payload: UnsafeRawBufferPointer) {
            var zeros = 0
            for byte in payload {
                if zeros >= 2 && byte == 3 { zeros = 0; continue }
                zeros = byte == 0 ? zeros + 1 : 0
                bytes.append(byte)
            }
        }

        mutating func bits(_ count: Int) throws -> Int {
            guard position + count <= bytes.count * 8 else { throw UnreadableSPSError() }
            var value = 0
            for _ in 0 ..< count {
                value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
                position += 1
            }
            return value
        }

        /// An unsigned Exp-Golomb number (9.1), up to 31 leading zeros.
        mutating func ue() throws -> Int {
            var zeros = 0
            while try bits(1) == 0 {
                zeros += 1
                guard zeros < 32 else { throw UnreadableSPSError() }
            }
            return (1 << zeros) - 1 + (try bits(zeros))
        }

        /// A signed Exp-Golomb number (9.1.1).
        mutating func se() throws -> Int {
            let code = try ue()
            return code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
        }
    }
}
