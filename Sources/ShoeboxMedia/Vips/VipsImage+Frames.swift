import CVips

extension VipsImage {
    /// The frames of an animated image as its loader's header reports them (an animated WebP:
    /// `n-pages`, `delay` in milliseconds, `loop`), or nil for an image of one frame.
    package var animationFrames: (count: Int, delaysMilliseconds: [Int], loop: Int?)? {
        let count = pageCount
        guard count > 1 else { return nil }
        var delays: [Int] = []
        var array: UnsafeMutablePointer<Int32>?
        var length: Int32 = 0
        if sb_vips_has_field(pointer, "delay") != 0, vips_image_get_array_int(pointer, "delay", &array, &length) == 0,
           let array {
            delays = (0..<Int(length)).map { Int(array[$0]) }
        }
        var loop: Int32 = 0
        let hasLoop = sb_vips_has_field(pointer, "loop") != 0 && vips_image_get_int(pointer, "loop", &loop) == 0
        return (count, delays, hasLoop ? Int(loop) : nil)
    }
}
