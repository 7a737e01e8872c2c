/// One step of the ingest pipeline: takes a value, returns a value, shares nothing.
///
/// A stage throws `IngestError` for a file it cannot handle; the runner records that file as
/// failed and the batch goes on. A stage may also settle a file early (unchanged, moved).
public protocol PipelineStage: Sendable {
    associatedtype Input: CarriesDraft
    associatedtype Output
    /// The stage's name in logs and profiles.
    var name: String { get }
    func process(_ input: Input) throws -> PipelineItem<Output>
}

/// What flows between stages: work for the next stage, or a file whose outcome is settled.
public enum PipelineItem<Payload> {
    case work(Payload)
    case settled(Settlement)
}

/// A file's final outcome, decided before the end of the pipeline.
public enum Settlement: Sendable {
    /// Already catalogued and unchanged on disk.
    case unchanged(assetID: Int64, path: String)
    /// Recorded as failed by an earlier run and unchanged since: not retried without `--retry-failed`.
    case stillFailed(assetID: Int64, path: String)
    /// Same content as a catalogued asset, at a new path or with a new stamp: no decode needed.
    case relocated(assetID: Int64, file: DiscoveredFile)
    /// Could not be ingested; recorded with its error class.
    case failed(IngestError, file: DiscoveredFile, contentHash: String?, existingID: Int64?)
    /// Not a regular file (FIFO, socket, symlink...): reported, never opened.
    case skipped(path: String, reason: String)
    /// Known content whose sidecars changed: the draft's metadata was read again (no pixel
    /// decoded) and replaces the asset's; its thumbnails stay.
    case metadataRefreshed(assetID: Int64, draft: AssetDraft)
}

extension Settlement {
    /// The file this outcome is about.
    public var path: String {
        switch self {
        case let .unchanged(_, path), let .stillFailed(_, path), let .skipped(path, _): return path
        case let .relocated(_, file), let .failed(_, file, _, _): return file.path
        case let .metadataRefreshed(_, draft): return draft.file.path
        }
    }
}

extension PipelineItem where Payload == AssetDraft {
    /// The file this item is about.
    public var path: String {
        switch self {
        case let .work(draft): return draft.file.path
        case let .settled(settlement): return settlement.path
        }
    }
}

extension PipelineItem where Payload == DiscoveredFile {
    /// The entry this item is about.
    public var path: String {
        switch self {
        case let .work(file): return file.path
        case let .settled(settlement): return settlement.path
        }
    }
}

/// A stage's input knows which file it is about, so a failure can be recorded against it.
public protocol CarriesDraft {
    var draft: AssetDraft { get }
}

extension AssetDraft: CarriesDraft {
    public var draft: AssetDraft { self }
}

extension DiscoveredFile: CarriesDraft {
    public var draft: AssetDraft { AssetDraft(file: self, existingID: nil) }
}
