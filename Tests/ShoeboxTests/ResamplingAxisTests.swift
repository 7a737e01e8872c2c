import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// One axis of the Lanczos-3 reduce: which input samples each output sample reads, and how much.
@Suite struct ResamplingAxisTests {
    /// The lengths a thumbnail fit meets: a phone photo's 1/8 decode to 256, a panorama's
    /// long side, an odd small one, and a side that keeps its length.
    static let lengths: [(input: Int, output: Int)] = [(504, 256), (378, 192), (1500, 256), (375, 64), (7, 3), (5, 5), (2, 1)]

    @Test(arguments: lengths)
    func everyOutputsWeightsSumToExactlyOne(input: Int, output: Int) {
        let axis = ResamplingAxis(from: input, to: output)
        for sample in 0 ..< output {
            let run = axis.weights[sample * axis.stride ..< sample * axis.stride + Int(axis.counts[sample])]
            #expect(run.reduce(0) { $0 + Int32($1) } == ResamplingAxis.one, "output \(sample) of \(input) -> \(output)")
        }
    }

    @Test(arguments: lengths)
    func everyRunLiesInsideTheInput(input: Int, output: Int) {
        let axis = ResamplingAxis(from: input, to: output)
        for sample in 0 ..< output {
            let start = Int(axis.starts[sample]), count = Int(axis.counts[sample])
            #expect(start >= 0 && count >= 1 && count <= axis.stride && start + count <= input, "output \(sample)")
        }
    }

    @Test func anAxisThatKeepsItsLengthCopiesEachSample() {
        let axis = ResamplingAxis(from: 5, to: 5)
        for sample in 0 ..< 5 {
            let start = Int(axis.starts[sample])
            let run = axis.weights[sample * axis.stride ..< sample * axis.stride + Int(axis.counts[sample])]
            let weighted = run.enumerated().filter { $0.element != 0 }.map { (start + $0.offset, $0.element) }
            #expect(weighted.count == 1 && weighted[0] == (sample, Int16(ResamplingAxis.one)), "output \(sample): \(weighted)")
        }
    }

    /// Halving 32 samples: output 7's centre is 14.5, between inputs 14 and 15, and its run
    /// is the kernel's six lobes (three each side, each two inputs wide: 9 to 20), mirrored
    /// about that point; the second lobe each side is negative.
    @Test func aHalvingIsCentredBetweenTwoInputs() {
        let axis = ResamplingAxis(from: 32, to: 16)
        let start = Int(axis.starts[7])
        func weight(_ input: Int) -> Int16 { axis.weights[7 * axis.stride + input - start] }
        #expect(start == 9 && axis.counts[7] == 12)
        for offset in 0 ..< 6 { #expect(weight(14 - offset) == weight(15 + offset), "\(14 - offset) and \(15 + offset)") }
        #expect(weight(14) > 0 && weight(12) < 0 && weight(10) > 0)
    }

    @Test func theKernelIsOneAtZeroAndZeroAtOtherWholeNumbersAndPastThree() {
        #expect(ResamplingAxis.lanczos3(0) == 1)
        for x in [1.0, 2.0, -1.0, -2.0] { #expect(abs(ResamplingAxis.lanczos3(x)) < 1e-15, "\(x)") }
        #expect(ResamplingAxis.lanczos3(3) == 0 && ResamplingAxis.lanczos3(-3.5) == 0)
    }
}
