/// What `profile --compare` reports: each contender's repeats, and its ratios to the reference
/// (the first contender) pair by pair, from rounds that ran every contender in turn.
public struct ProfileMatchup: Codable, Equatable, Sendable {
    public struct Contender: Codable, Equatable, Sendable {
        /// How the report names it: its pipeline, or for another build, its binary and pipeline.
        public var name: String
        public var pipeline: String
        /// The contender's median run, with its spreads in `repeats`.
        public var report: ProfileReport
        /// Against the reference; nil for the reference itself.
        public var ratios: PairedRatios?
    }

    /// Rounds measured (a warm-up round before them is not counted).
    public var rounds: Int
    /// The reference first.
    public var contenders: [Contender]

    /// `runs[c][r]`: contender c's run in round r; contender 0 is the reference. `names`: how
    /// to call each (default: its pipeline's name).
    public init(runs: [[ProfileReport]], names: [String]? = nil) {
        precondition(!runs.isEmpty && runs.allSatisfy { $0.count == runs[0].count && !$0.isEmpty }, "every contender runs every round")
        rounds = runs[0].count
        contenders = runs.enumerated().map { index, reports in
            let repeats = ProfileRepeats(reports)
            var median = reports[repeats.medianRun]
            median.repeats = repeats
            return Contender(name: names?[index] ?? median.pipeline, pipeline: median.pipeline, report: median,
                             ratios: index == 0 ? nil : PairedRatios(contender: reports, reference: runs[0]))
        }
    }
}
