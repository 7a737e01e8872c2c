import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// The shrinker converts its sums to RGB in fixed point; these hold it to the exact conversion
/// (`YCbCrCoding.rgb(y:cb:cr:)` on each box's mean in `Double`): one level apart at most.
@Suite struct YCbCrFixedPointCodingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let matrix: Int
        let fullRange: Bool
        let bitDepth: Int
        let factor: Int
        var testDescription: String { "matrix \(matrix) \(fullRange ? "full" : "limited") \(bitDepth)-bit shrink \(factor)" }
    }

    static let cases = [Case(matrix: 1, fullRange: true, bitDepth: 8, factor: 2), Case(matrix: 6, fullRange: false, bitDepth: 8, factor: 6),
                        Case(matrix: 9, fullRange: false, bitDepth: 10, factor: 2), Case(matrix: 2, fullRange: true, bitDepth: 10, factor: 4)]

    /// Samples from a fixed linear congruential sequence, each below 2^`bitDepth`.
    private func samples(_ count: Int, bitDepth: Int, seed: UInt64) -> [UInt16] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt16(truncatingIfNeeded: state >> 33) & UInt16((1 << bitDepth) - 1)
        }
    }

    /// A plane's bytes: the samples as bytes at 8 bits, as 16-bit words above.
    private func bytes(_ samples: [UInt16], bitDepth: Int) -> [UInt8] {
        bitDepth == 8 ? samples.map { UInt8($0) } : samples.withUnsafeBytes { Array($0) }
    }

    /// The mean of the `factor` x `factor` box (`column`, `row`) of a `width` x `height` plane,
    /// in 8-bit levels; boxes at the right and bottom edges are cut by the plane.
    private func mean(_ plane: [UInt16], width: Int, height: Int, column: Int, row: Int, factor: Int, bitDepth: Int) -> Double {
        var total = 0, count = 0
        for y in row * factor..<min(height, (row + 1) * factor) {
            for x in column * factor..<min(width, (column + 1) * factor) {
                total += Int(plane[y * width + x])
                count += 1
            }
        }
        return Double(total) / Double(count) / Double(1 << (bitDepth - 8))
    }

    @Test(arguments: cases)
    func theShrinksRGBIsWithinOneLevelOfTheExactConversion(_ test: Case) throws {
        let (width, height) = (203, 131)   // odd: the last row and column of boxes are cut
        let chroma = ((width + 1) / 2, (height + 1) / 2)
        let y = samples(width * height, bitDepth: test.bitDepth, seed: 1)
        let cb = samples(chroma.0 * chroma.1, bitDepth: test.bitDepth, seed: 2)
        let cr = samples(chroma.0 * chroma.1, bitDepth: test.bitDepth, seed: 3)
        let coding = try #require(YCbCrCoding(matrix: test.matrix, fullRange: test.fullRange))
        var shrinker = YCbCrBoxShrinker<UInt32>(width: width, height: height, factor: test.factor, chromaShift: (1, 1),
                                                bitDepth: test.bitDepth)
        let wordSize = test.bitDepth == 8 ? 1 : 2
        let (yBytes, cbBytes, crBytes) = (bytes(y, bitDepth: test.bitDepth), bytes(cb, bitDepth: test.bitDepth),
                                          bytes(cr, bitDepth: test.bitDepth))
        yBytes.withUnsafeBytes { yRaw in
            cbBytes.withUnsafeBytes { cbRaw in
                crBytes.withUnsafeBytes { crRaw in
                    func plane(_ raw: UnsafeRawBufferPointer, _ size: (Int, Int)) -> YCbCrPlanes.Plane {
                        .init(base: raw.baseAddress!, stride: size.0 * wordSize, width: size.0, height: size.1)
                    }
                    shrinker.add(YCbCrPlanes(luma: plane(yRaw, (width, height)), chroma: (plane(cbRaw, chroma), plane(crRaw, chroma)),
                                             chromaShift: (1, 1), streamMatrix: test.matrix, streamFullRange: test.fullRange,
                                             bitDepth: test.bitDepth), x: 0, y: 0)
                }
            }
        }
        let ours = shrinker.rgb(coding, monochrome: false)
        var largest = 0, differing = 0
        for row in 0..<shrinker.outputHeight {
            for column in 0..<shrinker.outputWidth {
                let half = test.factor / 2
                let exact = coding.rgb(
                    y: mean(y, width: width, height: height, column: column, row: row, factor: test.factor, bitDepth: test.bitDepth),
                    cb: mean(cb, width: chroma.0, height: chroma.1, column: column, row: row, factor: half, bitDepth: test.bitDepth),
                    cr: mean(cr, width: chroma.0, height: chroma.1, column: column, row: row, factor: half, bitDepth: test.bitDepth))
                let i = (row * shrinker.outputWidth + column) * 3
                for (band, value) in [exact.0, exact.1, exact.2].enumerated() {
                    let difference = abs(Int(ours[i + band]) - Int(value))
                    largest = max(largest, difference)
                    differing += difference > 0 ? 1 : 0
                }
            }
        }
        #expect(largest <= 1, "largest difference \(largest)")
    }
}
