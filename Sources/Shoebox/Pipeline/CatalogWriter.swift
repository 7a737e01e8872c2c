/// The last stage: records each file's outcome in the catalog, one transaction per asset.
///
/// Runs on one thread (the catalog has one writer). Thumbnail files already exist when an
/// asset reaches it, so a committed row never points at a missing file.
final class CatalogWriter {
    private let catalog: CatalogStore
    private let run: Int64
    private let livePhotoRules: LivePhotoRules
    private var seen: [Int64] = []
    private let seenBatch = 512

    init(catalog: CatalogStore, run: Int64, livePhotoRules: LivePhotoRules = .standard) {
        self.catalog = catalog
        self.run = run
        self.livePhotoRules = livePhotoRules
    }

    /// Records one outcome and says what happened.
    func record(_ item: PipelineItem<AssetDraft>) throws -> IngestEvent {
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
            throw IngestStopped.libraryFull(error.reason)
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
