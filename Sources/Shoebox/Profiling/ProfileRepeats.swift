/// What `profile --repeat N` reports beside the median run: each figure as its median and
/// range over the N measured runs (a warm-up run before them is not counted), as hyperfine
/// reports whole commands.
///
/// Stages and formats are matched by name; a format with no file decoded in a run has no rate
/// there, and its spread is over the runs that had one (nil when none had).
public struct ProfileRepeats: Codable, Equatable, Sendable {
    public struct Stage: Codable, Equatable, Sendable {
        public var name: String
        public var workSeconds: Spread
        public var meanMs: Spread
        public var p95Ms: Spread
        public var busy: Spread
    }

    public struct Format: Codable, Equatable, Sendable {
        public var format: String
        public var filesPerSecond: Spread?
        public var megapixelsPerSecond: Spread?
        public var decodeMeanMs: Spread?
    }

    /// Measured runs (the warm-up is not one of them).
    public var runs: Int
    /// Which run (0-based, in the order they ran) is the median one by wall time: the report's
    /// own figures, its trace and its page are that run's.
    public var medianRun: Int
    public var wallSeconds: Spread
    public var filesPerSecond: Spread
    public var megapixelsPerSecond: Spread
    public var cpuSeconds: Spread?
    public var peakResidentBytes: Spread?
    public var stages: [Stage]
    public var formats: [Format]

    /// The repeats of `reports` (one a run, in the order they ran; at least one).
    public init(_ reports: [ProfileReport]) {
        precondition(!reports.isEmpty, "a repeat needs at least one run")
        runs = reports.count
        medianRun = Self.medianRun(reports.map(\.wallSeconds))
        func spread(_ value: (ProfileReport) -> Double?) -> Spread? { Spread(reports.compactMap(value)) }
        wallSeconds = spread(\.wallSeconds)!
        filesPerSecond = spread(\.filesPerSecond)!
        megapixelsPerSecond = spread(\.megapixelsPerSecond)!
        cpuSeconds = spread(\.cpuSeconds)
        peakResidentBytes = spread { $0.peakResidentBytes.map(Double.init) }
        stages = reports[0].stages.map { first in
            let runs = reports.compactMap { $0.stages.first { $0.name == first.name } }
            return Stage(name: first.name, workSeconds: Spread(runs.map(\.workSeconds))!, meanMs: Spread(runs.map(\.meanMs))!,
                         p95Ms: Spread(runs.map(\.p95Ms))!, busy: Spread(runs.map(\.busy))!)
        }
        let names = reports.flatMap { $0.formats.map(\.format) }
        formats = names.enumerated().filter { names.firstIndex(of: $0.element) == $0.offset }.map { _, name in
            let runs = reports.compactMap { $0.formats.first { $0.format == name } }
            return Format(format: name, filesPerSecond: Spread(runs.compactMap(\.filesPerSecond)),
                          megapixelsPerSecond: Spread(runs.compactMap(\.megapixelsPerSecond)),
                          decodeMeanMs: Spread(runs.compactMap(\.decodeMeanMs)))
        }
    }

    /// The index of the run whose wall time is the median (the lower of the two middle ones
    /// for an even count, so that it is a run that happened).
    static func medianRun(_ walls: [Double]) -> Int {
        let order = walls.indices.sorted { (walls[$0], $0) < (walls[$1], $1) }
        return order[(order.count - 1) / 2]
    }
}
