import Foundation

/// What `shoebox profile` reports: per stage, overall, and per format. Plain values, Codable
/// as the `--json` document (times in seconds or milliseconds, as each key's name says).
public struct ProfileReport: Codable, Equatable, Sendable {
    /// One stage: its files and how long they took in it.
    public struct Stage: Codable, Equatable, Sendable {
        public var name: String
        public var workers: Int
        /// Files the stage worked on (settled files pass through without work and are not counted).
        public var files: Int
        /// Files that failed in this stage (0 for the catalog sink, which records earlier failures).
        public var failed: Int
        public var workSeconds: Double
        public var meanMs: Double
        public var p50Ms: Double
        public var p95Ms: Double
        public var maxMs: Double
        /// Time its workers waited on the queue before it, for the files they got.
        public var waitedSeconds: Double
        /// Time its workers waited for room in the queue after it (back-pressure from a slower stage).
        public var blockedSeconds: Double
        /// Work time over (workers x wall time): near 1 for the stage that holds the run back.
        public var busy: Double
        /// Of the work, the seconds spent in each library (`TimedLibrary.name`), those with any;
        /// the rest is Shoebox's own code around them.
        public var librarySeconds: [String: Double] = [:]
    }

    /// One source format. The run's wall time is shared out among formats in proportion to
    /// the work time (all stages) their files took; the rates are over that share, and over
    /// the files really decoded: a file that failed (at once, or after a long decode) is
    /// counted apart, by the class of its failure, and never makes its format look fast or slow.
    public struct Format: Codable, Equatable, Sendable {
        /// `jpeg`, `heic`, ... or `unknown` for a file no format was recognised in.
        public var format: String
        /// Files of the format that went through the pipeline: `decoded` plus `failed`.
        public var files: Int
        /// Files decoded and ingested: what the rates, megapixels and bytes are of.
        public var decoded: Int
        public var failed: Int
        /// The failed files by class (`damaged`, `unsupported`, `crashed`, ...): class to count.
        public var failures: [String: Int]
        public var megapixels: Double
        public var bytes: Int64
        /// The decoded files' share of all stages' work.
        public var shareOfWork: Double
        /// The failed files' share of all stages' work (time the rates leave out).
        public var failedShareOfWork: Double
        /// nil when no file of the format was decoded.
        public var filesPerSecond: Double?
        public var megapixelsPerSecond: Double?
        /// Mean time of a decoded file in the decode stage (header, EXIF, shrink-on-load decode).
        public var decodeMeanMs: Double?
        /// Of that mean, the milliseconds in each library (`TimedLibrary.name`), those with any.
        public var decodeLibraryMs: [String: Double] = [:]
    }

    /// A file a profile process died on (a crash in a decoder, or over its time budget): the
    /// profile went on without it in a new process, and counts it as failed.
    public struct Crash: Codable, Equatable, Sendable {
        public var path: String
        /// `crashed` or `timeout`.
        public var failure: String
        /// The stage it was in, when the records sent before the process died say.
        public var stage: String?

        public init(path: String, failure: String, stage: String?) {
            self.path = path
            self.failure = failure
            self.stage = stage
        }
    }

    public var pipeline: String
    /// `ingest` or `decode-only`.
    public var mode: String
    public var decodeWorkers: Int
    public var wallSeconds: Double
    /// Files that went through the pipeline: ingested plus failed (skipped entries are apart).
    public var files: Int
    public var ingested: Int
    public var failed: Int
    public var skipped: Int
    /// Stored pixels of every file whose header was read, in millions.
    public var megapixels: Double
    public var bytes: Int64
    public var filesPerSecond: Double
    public var megapixelsPerSecond: Double
    public var bytesPerSecond: Double
    /// The process's peak resident memory (VmHWM), nil where the system does not say.
    public var peakResidentBytes: Int64?
    /// CPU time the process used during the run (user and system, every thread, libvips's
    /// own included). Near `processors` x `wallSeconds`, every core was busy, and the stages'
    /// times include waiting for a core.
    public var cpuSeconds: Double?
    /// The cores the process could use.
    public var processors: Int
    /// The busiest stage (see `Stage.busy`).
    public var bottleneck: String?
    public var stages: [Stage]
    public var formats: [Format]
    /// The files the profile's processes died on, in the order they did.
    public var crashes: [Crash] = []
    /// How many processes the profile took: one, and one more after each file in `crashes`.
    public var processes = 1
    /// With `--repeat N`: every figure's median and range over the N runs; the figures above
    /// are then those of the median run. nil (absent from the JSON) for a single run.
    public var repeats: ProfileRepeats?
    /// What the profile was measured on (set by `shoebox profile`), for a later `--baseline`.
    public var context: ProfileContext?
    /// With `--baseline`: how this profile compares with the saved one.
    public var comparison: ProfileComparison?
}

extension ProfileReport.Stage {
    /// The work no library claimed: Shoebox's own code around the calls.
    public var ownSeconds: Double { max(0, workSeconds - librarySeconds.values.reduce(0, +)) }
}

extension ProfileReport.Format {
    /// Of the decode's mean, what no library claimed.
    public var decodeOwnMs: Double { max(0, (decodeMeanMs ?? 0) - decodeLibraryMs.values.reduce(0, +)) }
}

extension ProfileReport {
    /// The libraries some stage or format spent time in, in `TimedLibrary` order.
    public var librariesUsed: [String] {
        TimedLibrary.allCases.map(\.name).filter { name in
            stages.contains { $0.librarySeconds[name] != nil } || formats.contains { $0.decodeLibraryMs[name] != nil }
        }
    }

    /// Builds the report of one run from its timings.
    ///
    /// `stages` are the stages in pipeline order with their worker counts; `wall` is the
    /// run's wall time in nanoseconds. Every file is counted once, by the outcome the catalog
    /// sink recorded.
    public init(pipeline: String, mode: String, decodeWorkers: Int, stages: [(name: String, workers: Int)],
                timings: [StageTiming], wall: UInt64, peakResidentBytes: Int64?, cpuSeconds: Double? = nil,
                processors: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.pipeline = pipeline
        self.mode = mode
        self.decodeWorkers = decodeWorkers
        self.peakResidentBytes = peakResidentBytes
        self.cpuSeconds = cpuSeconds.map { Self.rounded($0, 3) }
        self.processors = processors
        let wallSeconds = Double(wall) / 1e9
        self.wallSeconds = Self.rounded(wallSeconds, 6)

        var byStage: [String: [StageTiming]] = [:]
        var facts: [String: FileFacts] = [:]
        for timing in timings {
            byStage[timing.stage, default: []].append(timing)
            facts[timing.path, default: FileFacts()].add(timing)
        }
        self.stages = stages.map { stage in
            Self.stage(stage.name, workers: stage.workers, timings: byStage[stage.name] ?? [], wallSeconds: wallSeconds)
        }
        bottleneck = self.stages.filter { $0.files > 0 }.max { $0.busy < $1.busy }?.name

        let sunk = byStage[SinkTimer.stage] ?? []
        ingested = sunk.filter { $0.outcome == .passed }.count
        failed = sunk.filter { $0.outcome == .failed }.count
        skipped = sunk.filter { $0.outcome == .skipped }.count
        let handled = sunk.filter { $0.outcome == .passed || $0.outcome == .failed }.map { sink in
            var file = facts[sink.path] ?? FileFacts()
            file.failure = sink.outcome == .failed ? sink.failure?.rawValue ?? "unclassified" : nil
            return file
        }
        files = handled.count
        let pixels = handled.reduce(0) { $0 + $1.pixels }
        megapixels = Self.rounded(Double(pixels) / 1e6, 6)
        bytes = handled.reduce(0) { $0 + $1.bytes }
        filesPerSecond = Self.rate(Double(files), wallSeconds)
        megapixelsPerSecond = Self.rate(Double(pixels) / 1e6, wallSeconds)
        bytesPerSecond = Self.rate(Double(bytes), wallSeconds)
        formats = Self.formats(handled, wallSeconds: wallSeconds)
    }

    /// What every stage learnt about one file, merged.
    struct FileFacts {
        var format: MediaFormat?
        var pixels = 0
        var bytes: Int64 = 0
        var work: UInt64 = 0
        var decodeWork: UInt64?
        var decodeLibraries: [UInt64] = []
        /// Set from the catalog sink's timing: the class of its failure, nil when it was ingested.
        var failure: String?

        /// `a` and `b` added slot by slot (either may be empty).
        static func added(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
            guard !b.isEmpty else { return a }
            guard !a.isEmpty else { return b }
            return zip(a, b).map { $0 &+ $1 }
        }

        mutating func add(_ timing: StageTiming) {
            format = format ?? timing.format
            pixels = max(pixels, timing.pixelSize?.pixelCount ?? 0)
            bytes = max(bytes, timing.bytes)
            work += timing.work
            if timing.stage == "decode" {
                decodeWork = (decodeWork ?? 0) + timing.work
                decodeLibraries = Self.added(decodeLibraries, timing.libraries)
            }
        }
    }

    static func stage(_ name: String, workers: Int, timings: [StageTiming], wallSeconds: Double) -> Stage {
        let work = timings.map(\.work).sorted()
        let total = work.reduce(0, +)
        let milliseconds = { (nanoseconds: UInt64) in rounded(Double(nanoseconds) / 1e6, 3) }
        let libraries = timings.reduce([UInt64]()) { FileFacts.added($0, $1.libraries) }
        var stage = Stage(name: name, workers: workers, files: timings.count,
                     failed: name == SinkTimer.stage ? 0 : timings.filter { $0.outcome == .failed }.count,
                     workSeconds: rounded(Double(total) / 1e9, 6),
                     meanMs: work.isEmpty ? 0 : rounded(Double(total) / Double(work.count) / 1e6, 3),
                     p50Ms: milliseconds(percentile(work, 0.50)), p95Ms: milliseconds(percentile(work, 0.95)),
                     maxMs: milliseconds(work.last ?? 0),
                     waitedSeconds: rounded(Double(timings.reduce(0) { $0 + $1.waited }) / 1e9, 6),
                     blockedSeconds: rounded(Double(timings.reduce(0) { $0 + $1.blocked }) / 1e9, 6),
                     busy: wallSeconds > 0 ? rounded(Double(total) / 1e9 / (Double(max(1, workers)) * wallSeconds), 4) : 0)
        stage.librarySeconds = byName(libraries) { rounded(Double($0) / 1e9, 6) }
        return stage
    }

    /// Nanoseconds by library index as `[name: value]`, those above 0.
    static func byName(_ nanoseconds: [UInt64], _ value: (UInt64) -> Double) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: TimedLibrary.allCases.compactMap { library in
            library.rawValue < nanoseconds.count && nanoseconds[library.rawValue] > 0
                ? (library.name, value(nanoseconds[library.rawValue])) : nil
        })
    }

    /// The nearest-rank percentile of sorted values: the smallest value with at least
    /// `fraction` of them at or below it (0 for none).
    static func percentile(_ sorted: [UInt64], _ fraction: Double) -> UInt64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    static func formats(_ files: [FileFacts], wallSeconds: Double) -> [Format] {
        let totalWork = Double(files.reduce(0) { $0 + $1.work })
        let share = { (group: [FileFacts]) in totalWork > 0 ? Double(group.reduce(0) { $0 + $1.work }) / totalWork : 0 }
        let order = MediaFormat.allCases.map(\.rawValue) + ["unknown"]
        let groups = Dictionary(grouping: files) { $0.format?.rawValue ?? "unknown" }
        return order.compactMap { name in
            guard let group = groups[name] else { return nil }
            let decoded = group.filter { $0.failure == nil }, failed = group.filter { $0.failure != nil }
            let decodedShare = share(decoded)
            let megapixels = Double(decoded.reduce(0) { $0 + $1.pixels }) / 1e6
            let decodeTimes = decoded.compactMap(\.decodeWork)
            let decodeLibraries = decoded.reduce([UInt64]()) { FileFacts.added($0, $1.decodeLibraries) }
            let failures = Dictionary(grouping: failed) { $0.failure ?? "" }.mapValues(\.count)
            return Format(format: name, files: group.count, decoded: decoded.count, failed: failed.count,
                          failures: failures, megapixels: rounded(megapixels, 6),
                          bytes: decoded.reduce(0) { $0 + $1.bytes }, shareOfWork: rounded(decodedShare, 4),
                          failedShareOfWork: rounded(share(failed), 4),
                          filesPerSecond: decoded.isEmpty ? nil : rate(Double(decoded.count), decodedShare * wallSeconds),
                          megapixelsPerSecond: decoded.isEmpty ? nil : rate(megapixels, decodedShare * wallSeconds),
                          decodeMeanMs: decodeTimes.isEmpty ? nil
                              : rounded(Double(decodeTimes.reduce(0, +)) / Double(decodeTimes.count) / 1e6, 3),
                          decodeLibraryMs: decodeTimes.isEmpty ? [:]
                              : byName(decodeLibraries) { rounded(Double($0) / Double(decodeTimes.count) / 1e6, 3) })
        }
    }

    static func rate(_ amount: Double, _ seconds: Double) -> Double {
        seconds > 0 ? rounded(amount / seconds, 3) : 0
    }

    static func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
