import CFFmpeg

/// Whether a decoded video frame is black, judged as FFmpeg's `blackdetect` filter judges with
/// its defaults: at least 98% of the luma samples no brighter than a tenth of the way from black
/// to white (16 to 235 at 8 bits, 0 to 255 in full range). A keyframe poster that is black (a
/// fade-in, a lens cap, the dark first frames some phones record) gives way to the frame at the
/// poster time. A frame that is not planar YCbCr or grey is never called black.
enum BlackFrame {
    static let brightnessFraction = 0.10
    static let blackShare = 0.98
    /// The samples looked at, at most, along each side: blackness belongs to the whole frame,
    /// and a grid of 128 x 128 answers it in a few microseconds.
    static let samplesAlongSide = 128

    static func isBlack(_ frame: UnsafePointer<AVFrame>) -> Bool {
        var (depth, shiftX, shiftY, planes): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        guard sb_av_frame_layout(frame, &depth, &shiftX, &shiftY, &planes) == 0, width > 0, height > 0,
              let luma = frame.pointee.data.0 else { return false }
        let rowBytes = Int(frame.pointee.linesize.0)
        let threshold = Self.threshold(depth: Int(depth), fullRange: frame.pointee.color_range == AVCOL_RANGE_JPEG)
        let stepX = max(1, width / samplesAlongSide), stepY = max(1, height / samplesAlongSide)
        var samples = 0, dark = 0
        for y in stride(from: 0, to: height, by: stepY) {
            let row = UnsafeRawPointer(luma + y * rowBytes)
            for x in stride(from: 0, to: width, by: stepX) {
                let value = depth > 8 ? Int(row.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self))
                                      : Int(row.load(fromByteOffset: x, as: UInt8.self))
                samples += 1
                if value <= threshold { dark += 1 }
            }
        }
        return Double(dark) >= blackShare * Double(samples)
    }

    /// The brightest sample still black at `depth` bits.
    static func threshold(depth: Int, fullRange: Bool) -> Int {
        let scale = Double(1 << (depth - 8))
        let (black, white) = fullRange ? (0.0, 255.0) : (16.0, 235.0)
        return Int((scale * (black + brightnessFraction * (white - black))).rounded(.down))
    }
}
