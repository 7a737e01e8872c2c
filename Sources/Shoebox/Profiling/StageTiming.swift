/// How long one file spent in one stage, and what the stage knew about it then.
///
/// Times are nanoseconds on `MonotonicClock`: `start` is when the worker began on the file,
/// `waited` the time it had spent waiting for the file on its input queue before that, and
/// `blocked` the time it then waited for room in its output queue (back-pressure).
public struct StageTiming: Sendable, Equatable {
    /// What became of the file when the stage let go of it.
    public enum Outcome: String, Sendable, Codable {
        /// Handed on as work; at the catalog sink, recorded as ingested.
        case passed
        /// Failed in this stage; at the catalog sink, a failure from an earlier stage was recorded.
        case failed
        /// Not media, or not a regular file: reported, not catalogued.
        case skipped
        /// Finished early without a decode: unchanged, or known content at a new path.
        case settled
    }

    public var stage: String
    public var worker: Int
    public var path: String
    public var outcome: Outcome
    /// The format sniffed from the content; nil until the read stage has recognised one.
    public var format: MediaFormat?
    /// The stored pixel size from the header; nil until the decode stage has read it.
    public var pixelSize: PixelSize?
    /// The file's size on disk.
    public var bytes: Int64
    /// Why the file failed, when `outcome` is `failed`.
    public var failure: ErrorClass?
    /// Of `work`, the nanoseconds spent in each library (`LibraryClock`), by
    /// `TimedLibrary.rawValue`; empty when the stage's work was not counted by library.
    public var libraries: [UInt64] = []
    public var start: UInt64
    public var work: UInt64
    public var waited: UInt64
    public var blocked: UInt64

    public init(stage: String, worker: Int, path: String, outcome: Outcome, format: MediaFormat? = nil,
                pixelSize: PixelSize? = nil, bytes: Int64 = 0, failure: ErrorClass? = nil, start: UInt64, work: UInt64,
                waited: UInt64 = 0, blocked: UInt64 = 0) {
        self.stage = stage
        self.worker = worker
        self.path = path
        self.outcome = outcome
        self.format = format
        self.pixelSize = pixelSize
        self.bytes = bytes
        self.failure = failure
        self.start = start
        self.work = work
        self.waited = waited
        self.blocked = blocked
    }

    /// A timing that takes the file's facts from `draft` as far as the pipeline has got.
    init(stage: String, worker: Int, draft: AssetDraft, outcome: Outcome, failure: ErrorClass? = nil, start: UInt64,
         work: UInt64, waited: UInt64, blocked: UInt64) {
        // The read stage sets the hash and the sniffed format together, so a draft without a
        // hash has no format yet (its `format` is only the default).
        self.init(stage: stage, worker: worker, path: draft.file.path, outcome: outcome,
                  format: draft.contentHash.isEmpty ? nil : draft.format,
                  pixelSize: draft.storedSize.pixelCount > 0 ? draft.storedSize : nil,
                  bytes: draft.file.status.size, failure: failure, start: start, work: work, waited: waited,
                  blocked: blocked)
    }

    /// A timing for an item that left a stage as `item` (after `input`, when it was work).
    init<Output>(stage: String, worker: Int, item: PipelineItem<Output>, input: AssetDraft?, start: UInt64,
                 work: UInt64, waited: UInt64, blocked: UInt64) {
        let outcome = Outcome(item)
        var failure: ErrorClass?
        if case let .settled(.failed(error, _, _, _)) = item { failure = error.errorClass }
        if case let .work(output) = item, let carrier = output as? CarriesDraft {
            self.init(stage: stage, worker: worker, draft: carrier.draft, outcome: outcome, start: start, work: work,
                      waited: waited, blocked: blocked)
        } else if let input {
            self.init(stage: stage, worker: worker, draft: input, outcome: outcome, failure: failure, start: start,
                      work: work, waited: waited, blocked: blocked)
        } else {
            var path = ""
            var bytes: Int64 = 0
            if case let .settled(settlement) = item {
                switch settlement {
                case let .failed(_, file, _, _), let .relocated(_, file): (path, bytes) = (file.path, file.status.size)
                case let .metadataRefreshed(_, draft): (path, bytes) = (draft.file.path, draft.file.status.size)
                case .skipped, .unchanged, .stillFailed: path = settlement.path
                }
            }
            self.init(stage: stage, worker: worker, path: path, outcome: outcome, bytes: bytes, failure: failure,
                      start: start, work: work, waited: waited, blocked: blocked)
        }
    }
}

extension StageTiming.Outcome {
    init<Payload>(_ item: PipelineItem<Payload>) {
        switch item {
        case .work: self = .passed
        case .settled(.failed): self = .failed
        case .settled(.skipped): self = .skipped
        case .settled: self = .settled
        }
    }
}
