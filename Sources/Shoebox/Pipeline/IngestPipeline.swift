import Dispatch
import Foundation

/// discover -> plan -> read -> match -> decode -> orient -> classify -> thumbnail -> catalog
///
/// Each arrow is a bounded `BlockingQueue`; each stage runs its own workers (counts from the
/// pipeline file, decode from `--jobs`). The catalog stage runs on the caller's thread.
/// A file that fails is recorded and the batch goes on; only a catalog that cannot be
/// written stops the run.
public final class IngestPipeline {
    public let configuration: PipelineConfiguration
    public let catalog: CatalogStore
    public let library: Library
    public let options: IngestOptions
    /// Regular files the walk has found so far in the current run (for progress lines).
    public private(set) var discovered = AtomicCounter()
    /// The walk's end, the file being decoded and the bytes decoded (for progress displays).
    public let progress = IngestProgress()
    /// Hears how long every file spends in every stage (`shoebox profile`); nil times nothing.
    public let observer: PipelineObserver?
    /// Where outcomes are written: the catalog, or for a decode-only pipeline (profiling) a
    /// catalog that keeps nothing, so that such a run writes nothing.
    private let sink: CatalogStore

    public init(configuration: PipelineConfiguration, catalog: CatalogStore, library: Library,
                options: IngestOptions = IngestOptions(), observer: PipelineObserver? = nil) {
        self.configuration = configuration
        self.catalog = catalog
        self.library = library
        self.options = options
        self.observer = observer
        sink = configuration.isDecodeOnly ? DiscardingCatalog() : catalog
        decodedPictures = ByteBudget(capacity: max(1, configuration.concurrency.thumbnail) * Self.decodedPictureBytesPerThumbnailWorker)
    }

    /// The decode worker count this run uses.
    public var decodeWorkers: Int {
        let requested = options.jobs ?? configuration.concurrency.decode
        return requested > 0 ? requested : WorkerLimit.onePerCore
    }

    /// How many files may wait in each of the two queues that carry whole files read into
    /// memory (read to match, match to decode): one per decode worker, at most `queueCapacity`.
    /// A decode worker needs one file ready when it finishes the last; reading and hashing run
    /// far ahead of decoding, so more waiting files only hold their megabytes longer (on the
    /// bench corpus's 9 MB panoramas, eight a queue held the peak near 220 MB instead of 170 MB).
    public var fileQueueCapacity: Int {
        min(configuration.queueCapacity, decodeWorkers)
    }

    /// How many bytes of whole files may wait for the decode workers at once, in the two queues
    /// and in the read and match stages' hands (`ByteBudget`): 3 MiB a decode worker, one
    /// phone photo each (a larger file waits alone: a budget lets one item through whatever its
    /// size). A decode worker needs only the next file ready, and reading one from the page
    /// cache takes a millisecond or two against tens to hundreds for its decode: at 8 MiB a
    /// worker, the bench corpus's HEIC stretch held about six waiting files, 6-7 MB of the
    /// peak, and ran no faster (docs/BENCHMARKS-LOG.md, 2026-12-06). Counted in files alone,
    /// six 9 MB panoramas could wait behind two HEIC decodes.
    public var readAheadBytes: Int {
        decodeWorkers * Self.readAheadBytesPerWorker
    }

    static let readAheadBytesPerWorker = 3 << 20

    /// How many bytes of decoded pictures may be on their way from the decode workers to the
    /// thumbnail workers at once, in the three queues between them and in the orient, classify
    /// and thumbnail stages' hands (`decodedPictures`): 16 MiB a thumbnail worker; for two,
    /// a 12 MP phone photo decoded for a 1440 px preview (9 MB) in each one's hand and one
    /// more waiting (decode is the slower stage: on the bench corpus at most 2-4 waited).
    /// Each decode worker may also hold its picture while it waits for room. Counted in items
    /// alone, the three queues could hold 3 x `queueCapacity` such pictures whenever the
    /// thumbnail workers fell behind, and the peak followed the run's worst backlog
    /// (docs/BENCHMARKS.md, issue 14).
    public var decodedPictureBytes: Int { decodedPictures.capacity }

    static let decodedPictureBytesPerThumbnailWorker = 16 << 20

    /// Holds the decoded pictures in flight to `decodedPictureBytes`: the decode stage reserves
    /// a picture's bytes before handing it on, the thumbnail stage gives them back when it is
    /// done with the pixels. One budget for the pipeline's runs.
    let decodedPictures: ByteBudget

    /// Ingests `roots` (files or folders); `onEvent` hears every file's outcome in order of completion.
    ///
    /// The summary counts every file once. For one process of a supervised ingest
    /// (`options.journal`), it covers the whole command: what earlier processes did is counted,
    /// and not reported again.
    /// A catalog write that finds the disk full, wherever in the run, stops it in the words of
    /// `IngestStoppedError.libraryFull`.
    public func run(roots: [String], onEvent: (IngestEvent) -> Void = { _ in }) throws -> IngestSummary {
        do {
            return try runStages(roots: roots, onEvent: onEvent)
        } catch {
            throw IngestStoppedError.fromCatalog(error)
        }
    }

    private func runStages(roots: [String], onEvent: (IngestEvent) -> Void) throws -> IngestSummary {
        try Vips.start(needing: options.stillFormats)
        let started = options.journal?.started ?? Date()
        let resolved = roots.map(Self.resolve)
        let run = try sink.beginRun(roots: resolved)
        var tally = IngestTally(journal: options.journal)
        if !configuration.isDecodeOnly {   // a decode-only run has no library to log into
            try CrashGuard.install(for: library, log: options.crashLog)
            try recordEarlierCrashes(run: run, roots: resolved, tally: &tally, onEvent: onEvent)
        }
        let cancelled = CancellationFlag()
        let group = DispatchGroup()
        let final = startStages(run: run, failedSoFar: tally.failedSoFar, group: group)
        let walked = observer.map { StageRunner.timedWalk(into: final.input, observer: $0, group: group) } ?? final.input
        let feed = queueFeed(run: run, cancelled: cancelled)
        let reports = startWalk(resolved, into: walked, feed: feed, cancelled: cancelled, group: group)
        let keeper = feed.map { LeaseKeeper(queue: $0.queue, ledger: $0.ledger, settings: $0.settings) }
        keeper?.start()

        let writer = CatalogWriter(catalog: sink, run: run, livePhotoRules: configuration.livePhotoRules,
                                   claims: feed.map { ($0.queue, $0.ledger) })
        var timer = SinkTimer(observer)
        var fatal: Error?
        while let item = timer.pop(final.output) {
            if fatal != nil { continue }  // drain so that no producer stays blocked
            do {
                let event = try timer.time(item) { try writer.record(item) }
                if let event, tally.count(event, path: item.path) { onEvent(event) }
                InFlightTable.publish(done: tally.summary.filesSeen + tally.summary.skipped)   // for a supervisor's line after a stop
            } catch {
                fatal = IngestStoppedError.fromCatalog(error)
                cancelled.set()
            }
        }
        group.wait()
        keeper?.stop()
        try feed?.releaseLeftovers()
        if let fatal = fatal ?? feed?.error { throw fatal }
        try writer.flush()
        tally.finish()
        var summary = tally.summary
        if let feed {
            if !StopRequest.isRequested {   // a walk stopped short does not show what is gone
                try markMissing(reports.all, summary: &summary, onEvent: onEvent) {
                    try feed.queue.markMissing(under: $0, wasFound: feed.walked.contains)
                }
            }
        } else {
            try markMissing(reports.all, summary: &summary, onEvent: onEvent) { try sink.markMissing(under: $0, notSeenIn: run) }
        }
        if let places = sink as? PlaceStore, !StopRequest.isRequested {
            do { summary.placesNamed = try PlaceIndexer(catalog: places).update() } catch {
                summary.warnings.append("places were not named: \(error)")
            }
        }
        if let moments = sink as? MomentStore, !StopRequest.isRequested {
            do { _ = try moments.updateMoments() } catch { summary.warnings.append("moments were not updated: \(error)") }
        }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    /// The work queue's feed when the catalog holds a queue (a PostgreSQL catalog); nil feeds
    /// the pipeline from the walk alone (SQLite, or a decode-only pipeline).
    private func queueFeed(run: Int64, cancelled: CancellationFlag) -> QueueFeed? {
        guard !configuration.isDecodeOnly, let queue = catalog.workQueue else { return nil }
        let settings = QueueSettings(lease: options.lease ?? QueueSettings.defaultLease, decodeWorkers: decodeWorkers)
        return QueueFeed(queue: queue, worker: WorkerIdentity.current(), settings: settings, run: run,
                         stopped: { cancelled.isSet || StopRequest.isRequested })
    }

    /// Walks `roots` on a thread of its own into `output`, or, for a queue worker, into the
    /// feed, which enqueues what it finds; returns where the walk's per-root reports arrive.
    private func startWalk(_ roots: [String], into output: BlockingQueue<PipelineItem<DiscoveredFile>>, feed: QueueFeed?,
                           cancelled: CancellationFlag, group: DispatchGroup) -> ReportBox {
        let reports = ReportBox()
        let walker = DiscoverStage(excluding: library.root, skipping: options.excludedPaths, cancelled: {
            cancelled.isSet || feed?.isStopping == true
        })
        discovered = walker.discovered
        let found = feed == nil ? output : BlockingQueue<PipelineItem<DiscoveredFile>>(capacity: configuration.queueCapacity)
        feed?.start(found: found, output: output, group: group)
        let progress = self.progress
        DispatchQueue(label: "shoebox.discover").async(group: group) {
            for root in roots { reports.append(walker.walk(root: root, into: found)) }
            progress.finishWalk()
            found.close()
        }
        if feed == nil { startCount(roots, cancelled: cancelled, group: group) }
        return reports
    }

    /// Counts the files under `roots` on a thread of its own, ahead of the walk (which waits
    /// for the decoders), so that a progress line shows the total and the time left within
    /// seconds; stops as soon as the walk has finished, which knows the total itself.
    private func startCount(_ roots: [String], cancelled: CancellationFlag, group: DispatchGroup) {
        let progress = self.progress
        let counter = DiscoverStage(excluding: library.root, skipping: options.excludedPaths, cancelled: {
            cancelled.isSet || progress.walkFinished
        })
        DispatchQueue(label: "shoebox.count").async(group: group) {
            var files = 0
            for root in roots { files += counter.count(root: root) }
            if !progress.walkFinished && !cancelled.isSet { progress.finishCount(files) }
        }
    }

    /// Files an earlier process died on (its supervisor's crash log, which this process
    /// writes too; `crash.log`, which processes without a supervisor write; the logs of
    /// supervisors that are gone, taken over here) are recorded as `crashed` or `timeout`
    /// before the walk, so the plan stage skips them (until `--retry-failed`, and never again
    /// in this command) instead of dying on them again. Reported here, counted once by the
    /// tally. The logs are emptied (the dead supervisors' removed) once their files are recorded.
    private func recordEarlierCrashes(run: Int64, roots: [String], tally: inout IngestTally,
                                      onEvent: (IngestEvent) -> Void) throws {
        let logs = options.crashLog == .shared ? [CrashLog.shared] : [options.crashLog, .shared]
        let orphans = try OrphanedCrashLogs.takeOver(in: library, except: options.crashLog)
        for crashed in CrashGuard.failedFiles(in: library, logs: logs, taken: orphans.contents) {
            let path = crashed.path
            guard let status = SourceFile.status(ofPath: path) else { continue }
            let root = roots.first { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
                ?? (path as NSString).deletingLastPathComponent
            let failure = IngestError(crashed.errorClass, path: path, reason: Self.reason(crashed))
            try sink.recordFailure(failure, file: DiscoveredFile(path: path, root: root, status: status),
                                   contentHash: nil, existingID: nil, run: run)
            tally.recordedBeforeWalk(.failed, path: path)
            onEvent(.failed(failure))
        }
        CrashGuard.forget(in: library, logs: logs)
        orphans.remove()
    }

    /// What the record of a file an earlier process died on says.
    private static func reason(_ crashed: CrashedFile) -> String {
        if crashed.errorClass == .timeout {
            return "took longer than the pipeline's time budget (limits.imageSeconds or videoSeconds), so the ingest process was stopped; skipped until --retry-failed"
        }
        if crashed.wasKilled {
            return "the ingest process was killed (SIGKILL: the kernel's out-of-memory killer, or a kill -9) while working on this file, maybe with others at once; skipped until --retry-failed"
        }
        if crashed.inOwnCode {
            return "the ingest process stopped on a failed runtime check in Shoebox's own code while working on this file (a bug in Shoebox: please report it with the file); skipped until --retry-failed"
        }
        return "the ingest process died while a C library decoded this file (a crash in the decoder); skipped until --retry-failed"
    }

    /// Flags the assets of each walked folder root that are gone from disk, by `flag` (nil: not
    /// checked, for a queue worker whose root other workers still work under); a root that
    /// could not be read or holds no file is not checked (an unmounted disk must not make its
    /// assets look deleted).
    private func markMissing(_ reports: [DiscoverStage.RootReport], summary: inout IngestSummary,
                             onEvent: (IngestEvent) -> Void, flag: (String) throws -> [String]?) throws {
        for report in reports {
            if report.isSingleFile { continue }
            if let problem = report.problem {
                summary.unreadableRoots += 1
                summary.warnings.append("\(problem); its assets were not checked for missing files")
            } else if report.regularFiles == 0 {
                summary.warnings.append("\(report.root) holds no files (an unmounted disk?); its assets were not marked missing")
            } else if let flagged = try flag(report.root) {
                for path in flagged {
                    summary.count(IngestEvent.missing(path: path))
                    onEvent(.missing(path: path))
                }
            } else {
                summary.warnings.append("other workers are still at work under \(report.root); its assets were not "
                    + "checked for missing files (the last worker to finish there checks)")
            }
        }
    }

    /// Wires the stages between bounded queues; returns the first queue and the last.
    private func startStages(run: Int64, failedSoFar: Set<IngestJournal.Key>, group: DispatchGroup) -> (input: BlockingQueue<PipelineItem<DiscoveredFile>>,
                                                       output: BlockingQueue<PipelineItem<AssetDraft>>) {
        let c = configuration
        let recipes = Dictionary(uniqueKeysWithValues: c.thumbnails.map { ($0.name, $0.recipeHash(aspectRule: c.aspectRule)) })
        func queue<T>(_: T.Type) -> BlockingQueue<PipelineItem<T>> { BlockingQueue(capacity: c.queueCapacity) }
        let discovered = queue(DiscoveredFile.self)
        let planned = queue(AssetDraft.self)
        // Whole files wait here: back-pressure at one file per decode worker.
        let read = BlockingQueue<PipelineItem<SourceData>>(capacity: fileQueueCapacity)
        let matched = BlockingQueue<PipelineItem<SourceData>>(capacity: fileQueueCapacity)
        let decoded = queue(DecodedImage.self)
        let oriented = queue(OrientedImage.self)
        let classified = queue(OrientedImage.self)
        let rendered = queue(AssetDraft.self)
        // A file settled on the way (unchanged, failed) goes straight to the catalog's queue: its
        // close waits for the thumbnail stage, which ends after every stage before it.
        StageRunner.start(PlanStage(catalog: catalog, library: library, recipes: recipes, retryFailed: options.retryFailed,
                                    failedInThisCommand: failedSoFar),
                          workers: 1, input: discovered, output: planned, settled: rendered, group: group, observer: observer)
        // Whole files wait here within `readAheadBytes`: the reader waits for the decode workers.
        let readStage = ReadStage(maxFileBytes: c.limits.maxFileBytes, readAhead: ByteBudget(capacity: readAheadBytes))
        StageRunner.start(readStage, workers: c.concurrency.read,
                          input: planned, output: read, settled: rendered, group: group, observer: observer)
        StageRunner.start(MatchStage(catalog: catalog, library: library, recipes: recipes, run: run),
                          workers: 1, input: read, output: matched, settled: rendered, group: group, observer: observer)
        // Decoded pictures are on their way to the thumbnail workers within `decodedPictureBytes`.
        StageRunner.start(DecodeStage(configuration: c, progress: progress, decodedPictures: decodedPictures, workers: decodeWorkers),
                          workers: decodeWorkers, input: matched, output: decoded, settled: rendered, group: group, observer: observer)
        StageRunner.start(OrientStage(), workers: c.concurrency.orient, input: decoded, output: oriented,
                          settled: rendered, group: group, observer: observer)
        StageRunner.start(ClassifyStage(panoramaAbove: c.aspectRule.panoramaAbove), workers: c.concurrency.classify, input: oriented,
                          output: classified, settled: rendered, group: group, observer: observer)
        StageRunner.start(ThumbnailStage(configuration: c, library: library), workers: c.concurrency.thumbnail,
                          input: classified, output: rendered, group: group, observer: observer)
        return (discovered, rendered)
    }

    /// An absolute path with symlinks resolved, so that assets are keyed the same way every
    /// run; `path` and the result are `PathText`.
    public static func resolve(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let real = PathText.withCString(absolute, { realpath($0, nil) }) else { return absolute }
        defer { free(real) }
        return PathText.encode(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }
}

/// Set once, read from any thread.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}

/// The walk's per-root reports, handed from the discover thread to the caller.
final class ReportBox: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [DiscoverStage.RootReport] = []
    var all: [DiscoverStage.RootReport] { lock.lock(); defer { lock.unlock() }; return reports }
    func append(_ report: DiscoverStage.RootReport) { lock.lock(); reports.append(report); lock.unlock() }
}
