import CVips
import Foundation

extension VipsImage {
    /// A quarter-turn rotation, clockwise.
    public enum Rotation: Sendable { case none, quarter, half, threeQuarters }

    public func rotated(_ rotation: Rotation) throws -> VipsImage {
        let angle: VipsAngle
        switch rotation {
        case .none: return self
        case .quarter: angle = VIPS_ANGLE_D90
        case .half: angle = VIPS_ANGLE_D180
        case .threeQuarters: angle = VIPS_ANGLE_D270
        }
        return try Self.make("rot") { sb_vips_rot(pointer, $0, angle) }
    }

    /// Mirrored left to right.
    public func mirrored() throws -> VipsImage {
        try Self.make("flip") { sb_vips_flip(pointer, $0, VIPS_DIRECTION_HORIZONTAL) }
    }

    /// Mirrored top to bottom.
    public func flippedVertically() throws -> VipsImage {
        try Self.make("flip") { sb_vips_flip(pointer, $0, VIPS_DIRECTION_VERTICAL) }
    }

    /// As 8-bit sRGB, through its embedded ICC profile when it has one.
    public func inSRGB() throws -> VipsImage {
        let imported = hasICCProfile ? try Self.make("icc_transform") { sb_vips_icc_to_srgb(pointer, $0) } : self
        return try Self.make("colourspace") { sb_vips_to_srgb8(imported.pointer, $0) }
    }

    /// Resized to exactly `width` x `height`.
    public func resized(toWidth width: Int, height: Int) throws -> VipsImage {
        if width == self.width && height == self.height { return self }
        return try Self.make("resize") { sb_vips_resize_exact(pointer, $0, Int32(width), Int32(height)) }
    }

    /// The mean absolute difference per pixel and band against an image of the same size:
    /// 0 for identical pixels, up to 255 for 8-bit images.
    public func meanAbsoluteDifference(to other: VipsImage) throws -> Double {
        var mean = 0.0
        guard sb_vips_mean_abs_difference(pointer, other.pointer, &mean) == 0 else {
            throw MediaError.vips(operation: "compare", message: Vips.takeErrorMessage())
        }
        return mean
    }
}
