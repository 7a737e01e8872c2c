import Testing
@testable import Shoebox

/// `Double.roundedInt`: a number read from a file becomes an `Int` only when it is one after
/// rounding; `Int(value.rounded())` traps on the rest.
@Suite struct RoundedIntegerTests {
    @Test(arguments: [
        (4.6, 5), (4.5, 5), (-0.5, -1), (-1.4, -1), (0, 0), (-0.0, 0),
        (9_007_199_254_740_992, 9_007_199_254_740_992),        // 2^53, exact
        (-9_223_372_036_854_775_808, Int.min),                   // -2^63 is Int.min exactly
    ] as [(Double, Int)])
    func numbersInsideIntAreRounded(value: Double, expected: Int) {
        #expect(value.roundedInt == expected)
    }

    @Test(arguments: [1e19, -1e19, 9_223_372_036_854_775_808, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                      .infinity, -.infinity, .nan] as [Double])
    func numbersOutsideIntAreNil(value: Double) {
        #expect(value.roundedInt == nil)
    }
}
