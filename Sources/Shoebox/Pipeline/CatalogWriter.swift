/// The last stage: records each file's outcome in the catalog, one transaction per asset.
///
/// Runs on one thread (the catalog has one writer). Thumbnail files already exist when an
/// asset reaches it, so a committed row never points at a missing file.
///
/// A worker fed by the work queue (`claims`) finishes each claimed file's claim with its
/// outcome: an ingested or failed file in the catalog write's own transaction, any other
/// outcome (unchanged, moved, skipped, still failed: writes that may run twice) just after its
/// write, a still failed file's item as failed again. A claim that is no longer this
/// worker's (`claimLost`) writes nothing and reports nothing.
final class CatalogWriter {
    private let catalog: CatalogStore
    private let run: Int64
    private let livePhotoRules: LivePhotoRules
    private let claims: (queue: any WorkQueue, ledger: ClaimLedger)?
    private var seen: [Int64] = []
    private let seenBatch = 512

    init(catalog: CatalogStore, run: Int64, livePhotoRules: LivePhotoRules = .standard,
         claims: (queue: any WorkQueue, ledger: ClaimLedger)? = nil) {
        self.catalog = catalog
        self.run = run
        self.livePhotoRules = livePhotoRules
        self.claims = claims
    }

    /// Records one outcome and says what happened; nil when the file's claim was lost.
    func record(_ item: PipelineItem<AssetDraft>) throws -> IngestEvent? {
        guard let (queue, ledger) = claims, let claim = ledger.take(item.path) else { return try recordUnclaimed(item) }
        do {
            return try record(item, completing: claim, in: queue)
        } catch WorkQueueError.claimLost {
            return nil
        } catch {
            ledger.add(claim)   // still held: given back when the run stops
            throw error
        }
    }

    private func record(_ item: PipelineItem<AssetDraft>, completing claim: Claim, in queue: any WorkQueue) throws -> IngestEvent {
        switch item {
        case let .work(draft):
            try queue.record(draft, run: run, livePhotoRules: livePhotoRules, completing: claim)
            return .ingested(path: draft.file.path, kind: draft.kind, size: draft.displayedSize)
        case let .settled(.failed(error, file, hash, existingID)) where !error.stopsTheRun:
            try queue.recordFailure(error, file: file, contentHash: hash, existingID: existingID, run: run, completing: claim)
            return .failed(error)
        case .settled:
            let event = try recordUnclaimed(item)
            try queue.complete(claim, outcome: Self.outcome(of: event))
            return event
        }
    }

    /// A settled file's item outcome: `failed` for a failure not retried (the catalog still
    /// holds it as failed, and so does the queue), `done` for the rest.
    static func outcome(of event: IngestEvent) -> ClaimOutcome {
        guard case .stillFailed = event else { return .done }
        return .failed(reason: "failed in an earlier run, unchanged since, and not retried without --retry-failed")
    }

    /// Records one outcome of a file no claim covers (no queue, or a file the walk settled).
    private func recordUnclaimed(_ item: PipelineItem<AssetDraft>) throws -> IngestEvent {
        switch item {
        case let .work(draft):
            try catalog.record(draft, run: run, livePhotoRules: livePhotoRules)
            return .ingested(path: draft.file.path, kind: draft.kind, size: draft.displayedSize)
        case let .settled(.unchanged(id, path)):
            try markSeen(id)
            return .unchanged(assetID: id, path: path)
        case let .settled(.stillFailed(id, path)):
            try markSeen(id)
            return .stillFailed(assetID: id, path: path)
        case let .settled(.relocated(id, file)):
            try catalog.relocate(id, to: file, run: run, livePhotoRules: livePhotoRules)
            return .relocated(assetID: id, path: file.path)
        case let .settled(.metadataRefreshed(id, draft)):
            // Known content, new sidecar values: reported as the catalog update it is, like a move.
            try catalog.refreshMetadata(id, from: draft, run: run, livePhotoRules: livePhotoRules)
            return .relocated(assetID: id, path: draft.file.path)
        case let .settled(.failed(error, _, _, _)) where error.stopsTheRun:
            throw IngestStoppedError.libraryFull(error.reason)
        case let .settled(.failed(error, file, hash, existingID)):
            try catalog.recordFailure(error, file: file, contentHash: hash, existingID: existingID, run: run)
            return .failed(error)
        case let .settled(.skipped(path, reason)):
            try recordResourceFile(path)
            return .skipped(path: path, reason: reason)
        }
    }

    /// A skipped file that is an asset's resource (an `.aae`) is kept for that asset; it is
    /// still skipped as an asset. One gone before it could be looked at is simply not kept.
    private func recordResourceFile(_ path: String) throws {
        guard ResourceGrouping.isResourceFile(path), let status = SourceFile.status(ofPath: path) else { return }
        try catalog.recordResourceFile(atPath: path, status: status, run: run)
    }

    private func markSeen(_ id: Int64) throws {
        seen.append(id)
        if seen.count >= seenBatch { try flush() }
    }

    /// Writes the pending "seen" marks of unchanged assets.
    func flush() throws {
        try catalog.markSeen(seen, run: run, livePhotoRules: livePhotoRules)
        seen.removeAll(keepingCapacity: true)
    }
}
