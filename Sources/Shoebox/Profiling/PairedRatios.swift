/// How one contender of `profile --compare` did against the reference, round by round: each
/// round ran both in turn on the same files, so the ratio of a round's two runs cancels what
/// the machine was doing then; the spread is over the rounds' ratios.
///
/// Ratios are of time per file (the stage's mean, the format's wall time per decoded file),
/// and of the wall time: below 1 the contender is faster. A stage or format missing from
/// either run of a round (no file decoded) has no ratio in that round.
public struct PairedRatios: Codable, Equatable, Sendable {
    public struct Named: Codable, Equatable, Sendable {
        public var name: String
        public var ratio: Spread
    }

    public var wallSeconds: Spread
    public var stages: [Named]
    public var formats: [Named]

    /// The ratios of `contender`'s runs to `reference`'s, paired by round (the same count of each).
    public init(contender: [ProfileReport], reference: [ProfileReport]) {
        precondition(!reference.isEmpty && contender.count == reference.count, "rounds pair one run of each")
        let rounds = Array(zip(contender, reference))
        func ratios(_ time: (ProfileReport) -> Double?) -> Spread? {
            Spread(rounds.compactMap { now, then in
                guard let now = time(now), let then = time(then), then > 0 else { return nil }
                return ProfileReport.rounded(now / then, 4)
            })
        }
        wallSeconds = ratios(\.wallSeconds) ?? Spread(median: 1, min: 1, max: 1)
        stages = reference[0].stages.compactMap { stage in
            ratios { $0.stages.first { $0.name == stage.name }?.meanMs }.map { Named(name: stage.name, ratio: $0) }
        }
        formats = reference[0].formats.compactMap { format in
            ratios { report in
                report.formats.first { $0.format == format.format }?.filesPerSecond.flatMap { $0 > 0 ? 1 / $0 : nil }
            }.map { Named(name: format.format, ratio: $0) }
        }
    }
}
