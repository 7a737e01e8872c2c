/// `profile --baseline FILE`: this profile against a saved one, stage by stage and format by
/// format, as time per file; slower by more than the limit plus the noise both profiles'
/// repeats measured is a regression.
///
/// Only the stages and formats that carry the run are judged: a stage with at least 5% of
/// the baseline's work, a format with at least 5% of it and a file decoded in both. A
/// microsecond stage moves by half its time on any busy machine and says nothing.
public struct ProfileComparison: Codable, Equatable, Sendable {
    public struct Row: Codable, Equatable, Sendable {
        /// `stage` or `format`.
        public var kind: String
        public var name: String
        /// Time per file: the stage's mean, or the format's wall time per decoded file
        /// (1000 / files per second); the median over the repeats where there were some.
        public var baselineMs: Double
        public var currentMs: Double
        /// currentMs / baselineMs - 1: 0.25 is 25% slower, -0.1 is 10% faster.
        public var change: Double
        /// The limit plus each profile's noise (half its range over the repeats, relative to
        /// its median; 0 for a single run).
        public var allowed: Double
        public var isSlower: Bool
    }

    /// The share of the baseline's work a stage or format must have to be judged.
    public static let judgedShare = 0.05

    public var maxSlowdown: Double
    /// What to know about the comparison: another machine, a changed pipeline.
    public var notes: [String]
    public var rows: [Row]

    public var regressions: [Row] { rows.filter(\.isSlower) }

    /// Compares `current` with `baseline`; throws when they are not of the same pipeline and
    /// files, which no limit could make comparable.
    public init(current: ProfileReport, baseline: ProfileReport, maxSlowdown: Double) throws(ProfileComparisonError) {
        guard current.pipeline == baseline.pipeline else {
            throw .otherPipeline(baseline: baseline.pipeline, current: current.pipeline)
        }
        guard let was = baseline.context else { throw .noContext }
        if let now = current.context, now.fileSet != was.fileSet { throw .otherFiles(baseline: was.fileSet, current: now.fileSet) }
        self.maxSlowdown = maxSlowdown
        notes = []
        if let now = current.context, now.machine != was.machine {
            notes.append("the baseline was measured on another machine (\(was.machine)); this one is \(now.machine): the figures differ for that too")
        }
        if let now = current.context, now.pipelineDigest != was.pipelineDigest {
            notes.append("pipeline \"\(current.pipeline)\" has other settings than when the baseline was measured")
        }
        rows = Self.stageRows(current, baseline, maxSlowdown) + Self.formatRows(current, baseline, maxSlowdown)
    }

    private static func stageRows(_ current: ProfileReport, _ baseline: ProfileReport, _ limit: Double) -> [Row] {
        let total = baseline.stages.reduce(0) { $0 + $1.workSeconds }
        return baseline.stages.compactMap { was in
            guard total > 0, was.workSeconds / total >= judgedShare,
                  let now = current.stages.first(where: { $0.name == was.name }) else { return nil }
            let wasTime = baseline.repeats?.stages.first { $0.name == was.name }?.meanMs
            let nowTime = current.repeats?.stages.first { $0.name == was.name }?.meanMs
            return row("stage", was.name, baseline: wasTime ?? Spread([was.meanMs])!, current: nowTime ?? Spread([now.meanMs])!,
                       limit: limit)
        }
    }

    private static func formatRows(_ current: ProfileReport, _ baseline: ProfileReport, _ limit: Double) -> [Row] {
        baseline.formats.compactMap { was in
            guard was.shareOfWork >= judgedShare, let now = current.formats.first(where: { $0.format == was.format }),
                  let wasRate = baseline.repeats?.formats.first(where: { $0.format == was.format })?.filesPerSecond
                      ?? was.filesPerSecond.flatMap({ Spread([$0]) }),
                  let nowRate = current.repeats?.formats.first(where: { $0.format == was.format })?.filesPerSecond
                      ?? now.filesPerSecond.flatMap({ Spread([$0]) }),
                  wasRate.median > 0, nowRate.median > 0 else { return nil }
            // Files per second, turned into milliseconds per file: slower is more.
            let perFile = { (rate: Spread) in Spread(median: 1000 / rate.median, min: 1000 / rate.max, max: 1000 / rate.min) }
            return row("format", was.format, baseline: perFile(wasRate), current: perFile(nowRate), limit: limit)
        }
    }

    private static func row(_ kind: String, _ name: String, baseline: Spread, current: Spread, limit: Double) -> Row {
        let change = baseline.median > 0 ? current.median / baseline.median - 1 : 0
        let allowed = limit + baseline.relativeRange / 2 + current.relativeRange / 2
        return Row(kind: kind, name: name, baselineMs: ProfileReport.rounded(baseline.median, 3),
                   currentMs: ProfileReport.rounded(current.median, 3), change: ProfileReport.rounded(change, 4),
                   allowed: ProfileReport.rounded(allowed, 4), isSlower: change > allowed)
    }
}
