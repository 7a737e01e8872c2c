import Foundation

/// Runs the real ingest pipeline over files into a throw-away library, and measures it.
///
/// No catalog of the user's is read or written. An ingest pipeline gets a fresh library (its
/// catalog and thumbnails) in `scratchFolder`, which the profiler creates and removes when the
/// run ends; a decode-only pipeline gets a catalog that keeps nothing and writes no file at all.
public struct PipelineProfiler {
    /// One profiled run: its report, and what a trace is made of.
    public struct Run {
        public var report: ProfileReport
        public var summary: IngestSummary
        public var stages: [(name: String, workers: Int)]
        public var timings: [StageTiming]
        /// Time zero of the run, on the clock of `StageTiming.start`.
        public var origin: UInt64
        /// Resident memory every 100 ms of the run: (seconds from its start, bytes).
        public var memory: [(seconds: Double, bytes: Int64)] = []

        /// The run in the Chrome Trace Event format (see `ChromeTrace`).
        public func traceJSON() throws -> Data {
            try ChromeTrace.json(stages: stages, timings: timings, origin: origin)
        }
    }

    /// How a profile process under a supervisor (`shoebox profile`'s) runs: its records go to
    /// `descriptor` as it runs (`ProfileRecord`), the files an earlier process finished or died
    /// on are left out of the walk, and the scratch folder is the supervisor's: made before the
    /// first process, kept across them, removed by the supervisor.
    public struct Supervision: Sendable {
        public var descriptor: Int32
        public var excluded: Set<String>

        public init(descriptor: Int32, excluded: Set<String>) {
            self.descriptor = descriptor
            self.excluded = excluded
        }

        /// Writes the paths to leave out, one a line (escaped as records escape paths), atomically.
        public static func write(excluded: Set<String>, to file: URL) throws {
            try Data(excluded.sorted().map { ProfileRecord.escaped($0) + "\n" }.joined().utf8).write(to: file, options: .atomic)
        }

        /// The paths `write` wrote to `file`.
        public static func excludedPaths(readFrom file: URL) throws -> Set<String> {
            let bytes = try Data(contentsOf: file)
            // Split on the byte: a path ending in "\r" would join its newline into one Character.
            return Set(bytes.split(separator: 0x0A).map { ProfileRecord.unescaped(Substring(decoding: $0, as: UTF8.self)) })
        }
    }

    public let configuration: PipelineConfiguration
    /// Decode workers; nil takes the pipeline's setting, 0 means one per core.
    public var jobs: Int?
    /// Where the throw-away library goes: a folder that must not exist yet (its parent must).
    public let scratchFolder: URL

    public init(configuration: PipelineConfiguration, jobs: Int? = nil,
                scratchFolder: URL = PipelineProfiler.newScratchFolder()) {
        self.configuration = configuration
        self.jobs = jobs
        self.scratchFolder = scratchFolder
    }

    /// A new name in the temporary folder (`$TMPDIR`, else /tmp): `shoebox-profile-<uuid>`.
    public static func newScratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("shoebox-profile-\(UUID().uuidString)")
    }

    /// Profiles `roots` (files or folders); `onEvent` hears every file's outcome, as in an ingest.
    /// Under `supervision`, the run's records also go to the supervisor as it goes.
    public func run(roots: [String], supervision: Supervision? = nil, onEvent: (IngestEvent) -> Void = { _ in }) throws -> Run {
        if configuration.isDecodeOnly {
            return try measure(roots: roots, catalog: DiscardingCatalog(), supervision: supervision, onEvent: onEvent)
        }
        if supervision == nil {
            // Created here, so that removing it can never remove anything that was there before.
            try FileManager.default.createDirectory(at: scratchFolder, withIntermediateDirectories: false)
        }
        defer { if supervision == nil { try? FileManager.default.removeItem(at: scratchFolder) } }
        try Library(root: scratchFolder).prepare()
        let catalog = try CatalogFactory.open(.default(for: Library(root: scratchFolder)), for: .writing)
        return try measure(roots: roots, catalog: catalog, supervision: supervision, onEvent: onEvent)
    }

    private func measure(roots: [String], catalog: CatalogStore, supervision: Supervision?,
                         onEvent: (IngestEvent) -> Void) throws -> Run {
        try Vips.start()  // once per process: not part of what is measured
        let cpuBefore = ResourceUsage.cpuSeconds()
        let recorder = ProfileRecorder()
        let streamer = supervision.map { ProfileStreamer(descriptor: $0.descriptor, recorder: recorder, cpuSeconds: cpuBefore) }
        let sampler = streamer == nil ? MemorySampler() : nil
        let options = IngestOptions(jobs: jobs, excludedPaths: supervision?.excluded ?? [])
        let pipeline = IngestPipeline(configuration: configuration, catalog: catalog, library: Library(root: scratchFolder),
                                      options: options, observer: recorder)
        let summary: IngestSummary
        do { summary = try pipeline.run(roots: roots, onEvent: onEvent) } catch {
            _ = sampler?.stop()
            throw error
        }
        let memory = (sampler?.stop() ?? []).map { (seconds: $0.seconds, bytes: $0.bytes) }
        let wall = MonotonicClock.now() - recorder.origin
        let cpu = cpuBefore.flatMap { before in ResourceUsage.cpuSeconds().map { $0 - before } }
        let peak = ResourceUsage.peakResidentBytes()
        streamer?.finish(with: summary.warnings.map(ProfileRecord.rootWarning) + [
            .end(wall: wall, cpuSeconds: cpu, peakResidentBytes: peak, decodeWorkers: pipeline.decodeWorkers,
                 unreadableRoots: summary.unreadableRoots),
        ])
        let stages = recorder.stageWorkers
        let timings = recorder.allTimings
        let report = ProfileReport(pipeline: configuration.name, mode: configuration.mode?.rawValue ?? "ingest",
                                   decodeWorkers: pipeline.decodeWorkers, stages: stages, timings: timings, wall: wall,
                                   peakResidentBytes: peak, cpuSeconds: cpu)
        return Run(report: report, summary: summary, stages: stages, timings: timings, origin: recorder.origin, memory: memory)
    }
}
