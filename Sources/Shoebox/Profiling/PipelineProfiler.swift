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
    public func run(roots: [String], onEvent: (IngestEvent) -> Void = { _ in }) throws -> Run {
        if configuration.isDecodeOnly {
            return try measure(roots: roots, catalog: DiscardingCatalog(), onEvent: onEvent)
        }
        // Created here, so that removing it can never remove anything that was there before.
        try FileManager.default.createDirectory(at: scratchFolder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: scratchFolder) }
        try Library(root: scratchFolder).prepare()
        let catalog = try CatalogFactory.open(.default(for: Library(root: scratchFolder)), for: .writing)
        return try measure(roots: roots, catalog: catalog, onEvent: onEvent)
    }

    private func measure(roots: [String], catalog: CatalogStore, onEvent: (IngestEvent) -> Void) throws -> Run {
        try Vips.start()  // once per process: not part of what is measured
        let cpuBefore = ResourceUsage.cpuSeconds()
        let recorder = ProfileRecorder()
        let sampler = MemorySampler()
        let pipeline = IngestPipeline(configuration: configuration, catalog: catalog, library: Library(root: scratchFolder),
                                      options: IngestOptions(jobs: jobs), observer: recorder)
        let summary: IngestSummary
        do { summary = try pipeline.run(roots: roots, onEvent: onEvent) } catch {
            _ = sampler.stop()
            throw error
        }
        let memory = sampler.stop().map { (seconds: $0.seconds, bytes: $0.bytes) }
        let wall = MonotonicClock.now() - recorder.origin
        let cpu = cpuBefore.flatMap { before in ResourceUsage.cpuSeconds().map { $0 - before } }
        let stages = recorder.stageWorkers
        let timings = recorder.allTimings
        let report = ProfileReport(pipeline: configuration.name, mode: configuration.mode?.rawValue ?? "ingest",
                                   decodeWorkers: pipeline.decodeWorkers, stages: stages, timings: timings, wall: wall,
                                   peakResidentBytes: ResourceUsage.peakResidentBytes(), cpuSeconds: cpu)
        return Run(report: report, summary: summary, stages: stages, timings: timings, origin: recorder.origin, memory: memory)
    }
}
