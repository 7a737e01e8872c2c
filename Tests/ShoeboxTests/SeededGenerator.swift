import Foundation

/// A random number generator that a seed replays (SplitMix64), for tests whose choices are
/// random: the test prints the seed it drew, and `SHOEBOX_TEST_SEED=N` replays that run.
struct SeededGenerator: RandomNumberGenerator {
    let seed: UInt64
    private var state: UInt64

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// Seeded from `SHOEBOX_TEST_SEED` when set, else from the system's generator; says which.
    static func fromEnvironment(for test: String) -> SeededGenerator {
        let given = ProcessInfo.processInfo.environment["SHOEBOX_TEST_SEED"].flatMap { UInt64($0) }
        let generator = SeededGenerator(seed: given ?? UInt64.random(in: .min ... .max))
        print("\(test): random choices from seed \(generator.seed) (replay with SHOEBOX_TEST_SEED=\(generator.seed))")
        return generator
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next number in 0..<bound, by remainder (as the benchmarks' fixed catalogs were built).
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
