/// Decides from the catalog alone whether a discovered file needs any work.
///
/// A file whose size and modification time match its catalogued asset, with every current
/// thumbnail present, is settled `unchanged` without being opened. A catalogued failure with
/// the same stamp stays failed unless `retryFailed`.
public struct PlanStage: PipelineStage {
    public let name = "plan"
    let catalog: CatalogStore
    let library: Library
    let recipes: [String: String]
    let retryFailed: Bool

    public func process(_ file: DiscoveredFile) throws -> PipelineItem<AssetDraft> {
        let entry: CatalogEntry?
        do { entry = try catalog.entry(atPath: file.path) } catch {
            throw IngestError(.unreadable, path: file.path, reason: "catalog lookup failed: \(error)")
        }
        guard let entry else { return .work(AssetDraft(file: file, existingID: nil)) }
        let sameStamp = entry.fileSize == file.status.size && entry.modifiedNanoseconds == file.status.modifiedNanoseconds
        if sameStamp && entry.status == .failed && !retryFailed {
            return .settled(.stillFailed(assetID: entry.id))
        }
        if sameStamp && entry.status == .ok && library.hasEveryThumbnail(of: entry, recipes: recipes) {
            return .settled(.unchanged(assetID: entry.id))
        }
        return .work(AssetDraft(file: file, existingID: entry.id))
    }
}
