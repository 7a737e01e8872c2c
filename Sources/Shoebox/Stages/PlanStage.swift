/// Decides from the catalog alone whether a discovered file needs any work.
///
/// A file whose size and modification time match its catalogued asset, with every current
/// thumbnail present and its sidecars' stamp (`SidecarMetadata.stamp`) as catalogued, is
/// settled `unchanged` without being opened; with another sidecar stamp, or read by an earlier
/// `EvidenceReading`, it goes on, and the match stage sends it to have its evidence read
/// again, without a decode. A catalogued failure with
/// the same stamp stays failed unless `retryFailed`, and always when this command already
/// recorded it (a file that crashed the decoder a moment ago is not decoded again).
/// A sidecar (`Sidecar`: an XMP, Takeout JSON or AAE file, a video's `.thm` thumbnail) is
/// skipped, never an asset.
public struct PlanStage: PipelineStage {
    public let name = IngestStage.plan.rawValue
    let catalog: CatalogStore
    let library: Library
    let recipes: [String: String]
    let retryFailed: Bool
    /// The files this command has recorded as failed so far (earlier processes of a supervised
    /// ingest, and the crash log read at the start of this run).
    var failedInThisCommand: Set<IngestJournal.Key> = []
    /// Each folder's sidecar names, read once, for the sidecar stamp of files that look unchanged.
    let sidecarListing = SidecarListing()

    public func process(_ file: DiscoveredFile) throws -> PipelineItem<AssetDraft> {
        if let sidecar = Sidecar.recognise(file.path) {
            return .settled(.skipped(path: file.path, reason: sidecar.skipReason))
        }
        let entry: CatalogEntry?
        do { entry = try catalog.entry(atPath: file.path) } catch {
            throw IngestError(.unreadable, path: file.path, reason: "catalog lookup failed: \(error)", causedBy: error)
        }
        guard let entry else { return .work(AssetDraft(file: file, existingID: nil)) }
        let sameStamp = entry.fileSize == file.status.size && entry.modifiedNanoseconds == file.status.modifiedNanoseconds
        if sameStamp && entry.status == .failed && (!retryFailed || failedInThisCommand.contains(IngestJournal.Key(path: file.path))) {
            return .settled(.stillFailed(assetID: entry.id, path: file.path))
        }
        if sameStamp && entry.status == .ok && library.hasEveryThumbnail(of: entry, recipes: recipes) && !entry.readByAnEarlierVersion
            && entry.sidecarStamp == SidecarMetadata.stamp(beside: file.path, exists: sidecarListing.exists) {
            return .settled(.unchanged(assetID: entry.id, path: file.path))
        }
        return .work(AssetDraft(file: file, existingID: entry.id))
    }
}
