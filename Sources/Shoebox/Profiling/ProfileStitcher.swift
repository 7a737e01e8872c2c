import Foundation

/// Makes one profile of the processes a supervised `shoebox profile` took: a process that dies
/// on a file (a crash in a decoder, a file over its time budget) is followed by one that goes
/// on without the files finished or died on, and the profile is what they did together.
///
/// What the report may be relied on for:
/// - every file is counted once: a process's timings count only for the files it finished
///   (their catalog-sink timing arrived); the others are done again by the next process;
/// - a file a process died on is a failed file (`crashed` or `timeout`) of the format and in
///   the stage its records had reached, and is listed in `ProfileReport.crashes`;
/// - the wall time is the processes' time on files, end to end: each process counts from its
///   start to its end, or, for one that died, to the end of the last file it finished; the
///   time to start a process again is left out, and the timings are moved so that each process
///   begins where the one before stopped counting (the trace and the page show no gap);
/// - CPU time and peak memory are those of the processes (a process that died did not say
///   its own: the supervisor's accounting of it stands in, less what it had used before its
///   time zero, so its start-up is left out as it is for the others).
public struct ProfileStitcher {
    public let pipeline: String
    public let mode: String
    /// The paths every process so far finished or died on: what the next one leaves out.
    public private(set) var settled: Set<String> = []
    public private(set) var crashes: [ProfileReport.Crash] = []
    private var stages: [(name: String, workers: Int)] = []
    private var timings: [StageTiming] = []
    private var memory: [(seconds: Double, bytes: Int64)] = []
    private var origin: UInt64?
    private var wall: UInt64 = 0
    private var cpuSeconds: Double? = 0
    private var peakResidentBytes: Int64?
    private var decodeWorkers: Int?
    private var summary = IngestSummary()
    private var processes = 0

    public init(pipeline: String, mode: String) {
        self.pipeline = pipeline
        self.mode = mode
    }

    /// What one process accounted for itself, from the supervisor's wait for it.
    public struct Accounting: Sendable {
        public var cpuSeconds: Double?
        public var peakResidentBytes: Int64?

        public init(cpuSeconds: Double?, peakResidentBytes: Int64?) {
            self.cpuSeconds = cpuSeconds
            self.peakResidentBytes = peakResidentBytes
        }
    }

    /// Adds one process: the records it sent, the files it died on (none when it ended), and
    /// what the supervisor's wait said of it. `formatOf` tells the format of a file it died on
    /// before its records said.
    public mutating func add(_ records: [ProfileRecord], diedOn crashed: [CrashedFile], accounting: Accounting,
                             formatOf: (String) -> MediaFormat? = { _ in nil }) {
        processes += 1
        var own: [StageTiming] = [], samples: [(at: UInt64, bytes: Int64)] = []
        var start: UInt64?, startCPU: Double?, end: (wall: UInt64, cpu: Double?, peak: Int64?)?
        for record in records {
            switch record {
            case let .origin(time, cpu): (start, startCPU) = (time, cpu)
            case let .stage(name, workers) where !stages.contains(where: { $0.name == name }): stages.append((name, workers))
            case .stage: break
            case let .timing(timing): own.append(timing)
            case let .memory(at, bytes): samples.append((at, bytes))
            case let .rootWarning(text): summary.warnings.append(text)
            case let .end(wall, cpu, peak, workers, unreadable):
                end = (wall, cpu, peak)
                decodeWorkers = workers
                summary.unreadableRoots = unreadable
            }
        }
        guard let start else { return add(crashed: crashed, after: [], formatOf: formatOf) }
        let finished = Set(own.filter { $0.stage == SinkTimer.stage }.map(\.path))
        let kept = own.filter { finished.contains($0.path) }
        let counted = end?.wall ?? kept.map { $0.start + $0.work + $0.blocked }.max().map { $0 > start ? $0 - start : 0 } ?? 0
        let begins = (origin ?? start) + wall   // where this process's time zero goes
        origin = origin ?? start
        let shift = Int64(bitPattern: start &- begins)
        timings += kept.map { Self.moved($0, by: shift) }
        memory += samples.filter { $0.at >= start && $0.at - start <= counted }
            .map { (seconds: Double($0.at - start + wall) / 1e9, bytes: $0.bytes) }
        wall += counted
        settled.formUnion(finished)
        let cpu = end?.cpu ?? accounting.cpuSeconds.map { max(0, $0 - (startCPU ?? 0)) }
        cpuSeconds = cpuSeconds.flatMap { total in cpu.map { total + $0 } }
        let peak = end?.peak ?? accounting.peakResidentBytes
        peakResidentBytes = [peakResidentBytes, peak].compactMap { $0 }.max()
        add(crashed: crashed, after: own.map { Self.moved($0, by: shift) }, formatOf: formatOf)
    }

    /// Counts each file the process died on as failed, in the stage after the last one its
    /// records reached, with the format and size they knew.
    private mutating func add(crashed: [CrashedFile], after own: [StageTiming], formatOf: (String) -> MediaFormat?) {
        let order = ProfileRecorder.inPipelineOrder(stages).map(\.name)
        for file in crashed where !settled.contains(file.path) {
            let last = own.filter { $0.path == file.path }.max { (order.firstIndex(of: $0.stage) ?? -1) < (order.firstIndex(of: $1.stage) ?? -1) }
            let reached = last.flatMap { order.firstIndex(of: $0.stage) }
            let stage = reached.map { $0 + 1 < order.count ? order[$0 + 1] : order[$0] }
            let end = last.map { $0.start + $0.work } ?? (origin ?? 0) + wall
            var failed = StageTiming(stage: stage ?? SinkTimer.stage, worker: 0, path: file.path, outcome: .failed,
                                     format: last?.format ?? formatOf(file.path), pixelSize: last?.pixelSize, bytes: last?.bytes ?? 0,
                                     failure: file.errorClass, start: end, work: 0)
            timings += own.filter { $0.path == file.path }
            if stage != nil, stage != SinkTimer.stage { timings.append(failed) }
            failed.stage = SinkTimer.stage
            timings.append(failed)
            crashes.append(ProfileReport.Crash(path: file.path, failure: file.errorClass.rawValue, stage: stage))
            settled.insert(file.path)
        }
    }

    private static func moved(_ timing: StageTiming, by shift: Int64) -> StageTiming {
        var moved = timing
        moved.start = UInt64(bitPattern: Int64(bitPattern: timing.start) &- shift)
        return moved
    }

    /// The profile of every process added so far.
    public func run() -> PipelineProfiler.Run {
        let ordered = ProfileRecorder.inPipelineOrder(stages)
        let workers = decodeWorkers ?? ordered.first { $0.name == IngestStage.decode.rawValue }?.workers ?? 0
        var report = ProfileReport(pipeline: pipeline, mode: mode, decodeWorkers: workers, stages: ordered,
                                   timings: timings, wall: wall, peakResidentBytes: peakResidentBytes,
                                   cpuSeconds: cpuSeconds)
        report.crashes = crashes
        report.processes = max(processes, 1)
        return PipelineProfiler.Run(report: report, summary: summary, stages: ordered, timings: timings,
                                    origin: origin ?? 0, memory: memory)
    }
}
