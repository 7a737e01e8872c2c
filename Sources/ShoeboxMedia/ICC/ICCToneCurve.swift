import Foundation

/// One tone reproduction curve of an ICC profile (`rTRC`, `gTRC`, `bTRC`): a sampled `curv`
/// table, a `curv` gamma, or a `para` parametric function (ICC.1:2010, 10.5 and 10.16).
/// Used to tell an sRGB profile from another (`ICCProfile.isSRGB`), not to convert pixels.
struct ICCToneCurve {
    private enum Shape {
        case table([Double])
        case gamma(Double)
        /// g, a, b, c, d, e, f of the parametric function, as many as its type has.
        case parametric(type: Int, [Double])
    }

    private let shape: Shape

    /// The curve in `range` of `profile`; nil when the tag is of another type, short, or of a
    /// parametric type ICC does not define.
    init?(_ profile: UnsafeRawBufferPointer, _ range: Range<Int>) {
        var cursor = ByteCursor(profile, from: range.lowerBound, to: range.upperBound)
        let type = cursor.fourCC()
        guard cursor.skip(4) else { return nil }
        if type == "curv" {
            guard let count = cursor.u32() else { return nil }
            if count == 0 { shape = .gamma(1); return }
            if count == 1 { guard let raw = cursor.u16() else { return nil }; shape = .gamma(Double(raw) / 256); return }
            guard count <= cursor.remaining / 2 else { return nil }
            shape = .table((0..<count).map { _ in Double(cursor.u16() ?? 0) / 65535 })
        } else if type == "para" {
            let counts = [1, 3, 4, 5, 7]
            guard let function = cursor.u16(), function < counts.count, cursor.skip(2) else { return nil }
            var parameters: [Double] = []
            for _ in 0..<counts[function] {
                guard let raw = cursor.u32() else { return nil }
                parameters.append(Double(Int32(bitPattern: UInt32(raw))) / 65536)
            }
            shape = .parametric(type: function, parameters)
        } else {
            return nil
        }
    }

    /// The linear value for an encoded `x` in 0...1.
    func value(at x: Double) -> Double {
        switch shape {
        case .gamma(let gamma):
            return pow(x, gamma)
        case .table(let samples):
            let position = x * Double(samples.count - 1)
            let low = min(Int(position), samples.count - 2)
            return samples[low] + (samples[low + 1] - samples[low]) * (position - Double(low))
        case .parametric(let type, let p):
            let g = p[0]
            switch type {
            case 0: return pow(x, g)
            case 1: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], g) : 0
            case 2: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], g) + p[3] : p[3]
            case 3: return x >= p[4] ? pow(p[1] * x + p[2], g) : p[3] * x
            default: return x >= p[4] ? pow(p[1] * x + p[2], g) + p[5] : p[3] * x + p[6]
            }
        }
    }

    /// Whether the curve is sRGB's (IEC 61966-2-1) to within `tolerance` of full scale, compared
    /// in encoded terms at 65 points: what a level of 8-bit output would show.
    func followsSRGB(tolerance: Double = 0.5 / 255) -> Bool {
        (0...64).allSatisfy { step in
            let x = Double(step) / 64
            return abs(Self.srgbEncoded(value(at: x)) - x) <= tolerance
        }
    }

    /// sRGB's encoding of a linear value: the inverse of its tone curve.
    static func srgbEncoded(_ linear: Double) -> Double {
        let y = min(max(linear, 0), 1)
        return y <= 0.0031308 ? 12.92 * y : 1.055 * pow(y, 1 / 2.4) - 0.055
    }
}
