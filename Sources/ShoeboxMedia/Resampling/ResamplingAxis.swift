import Foundation

/// One axis of a Lanczos-3 reduction: for each output sample, the run of input samples it
/// reads and their weights, in 14-bit fixed point, worked out once per image and axis.
///
/// What the caller may rely on: every output sample reads a contiguous run inside the input
/// (`start ..< start + count`, never out of bounds), the weights of each run sum to exactly
/// `one` (a flat input stays exactly flat), and runs move forward with the output. The edges are
/// extended by copying the outermost sample, as libvips's `reduce` extends them: the weight of
/// a tap beyond the edge is added to the edge sample's.
package struct ResamplingAxis {
    /// Fixed point: a weight of 1.0 is `one`.
    static let shift = 14
    static let one = Int32(1) << shift

    let inputLength: Int
    let outputLength: Int
    /// Where each output sample's run starts in the input.
    let starts: [Int32]
    /// How many input samples each output sample's run holds (at most `stride`).
    let counts: [Int32]
    /// `stride` weights per output sample, the run's first; zero past its count.
    let weights: [Int16]
    let stride: Int

    /// The Lanczos-3 kernel widened by the reduction factor (`inputLength / outputLength`, at
    /// least 1: this axis reduces or keeps, never enlarges), centred on each output sample's
    /// centre in input coordinates, `(i + 0.5) * factor - 0.5`, as libvips centres its reduce.
    init(from inputLength: Int, to outputLength: Int) {
        precondition(inputLength >= outputLength && outputLength >= 1)
        self.inputLength = inputLength
        self.outputLength = outputLength
        let factor = Double(inputLength) / Double(outputLength)
        let support = 3 * factor
        stride = Int((2 * support).rounded(.up)) + 1
        var starts = [Int32](repeating: 0, count: outputLength)
        var counts = [Int32](repeating: 0, count: outputLength)
        var weights = [Int16](repeating: 0, count: outputLength * stride)
        var taps = [Double](repeating: 0, count: stride)
        for output in 0 ..< outputLength {
            let centre = (Double(output) + 0.5) * factor - 0.5
            let first = Int((centre - support).rounded(.up)), last = Int((centre + support).rounded(.down))
            let start = min(max(first, 0), inputLength - 1), end = min(max(last, 0), inputLength - 1)
            for index in taps.indices { taps[index] = 0 }
            for position in first ... last {
                let clamped = min(max(position, 0), inputLength - 1)
                taps[clamped - start] += Self.lanczos3((Double(position) - centre) / factor)
            }
            let count = end - start + 1
            Self.quantise(taps[0 ..< count], into: &weights, at: output * stride)
            starts[output] = Int32(start)
            counts[output] = Int32(count)
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// sinc(x) sinc(x / 3) on |x| < 3, zero outside. One `sin` a tap: sin(3t) = 3 sin t - 4 sin^3 t.
    static func lanczos3(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        let px = Double.pi * x, third = sin(px / 3)
        return 3 * third * third * (3 - 4 * third * third) / (px * px)
    }

    /// `taps` normalised to sum 1, in fixed point; the rounding's remainder goes to the largest
    /// weight, so the fixed-point weights sum to exactly `one`.
    private static func quantise(_ taps: ArraySlice<Double>, into weights: inout [Int16], at offset: Int) {
        let sum = taps.reduce(0, +)
        var total: Int32 = 0, largest = offset
        for (index, tap) in taps.enumerated() {
            let weight = Int16((tap / sum * Double(one)).rounded())
            weights[offset + index] = weight
            total += Int32(weight)
            if weight > weights[largest] { largest = offset + index }
        }
        weights[largest] += Int16(one - total)
    }
}
