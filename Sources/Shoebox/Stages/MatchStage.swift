import Foundation

/// Recognises content the catalog already has, so a moved or touched file is not decoded again.
///
/// A file whose content hash equals its own asset's (only the stamp changed), or equals an
/// asset whose path no longer exists on disk (the file moved), is settled `relocated`: the
/// asset keeps its id and thumbnails and takes the new path (a moved asset whose thumbnails
/// are not this pipeline's is decoded again, still keeping its id). When its sidecars changed
/// too (`SidecarMetadata.stamp`), or an earlier reading read it (`EvidenceReading`), it goes on
/// to the decode stage marked with its asset (`metadataRefreshOf`): its evidence is read
/// again, its pixels are not. Identical copies
/// that both exist stay separate assets (sharing thumbnail files), and when two copies of one moved file
/// turn up in a run, the first takes the asset and the second becomes a new one.
public struct MatchStage: PipelineStage {
    public let name = IngestStage.match.rawValue
    let catalog: CatalogStore
    let library: Library
    let recipes: [String: String]
    let run: Int64
    private let claimed = ClaimedAssets()
    /// How many same-content assets are checked for having moved away.
    private let candidateLimit = 8

    init(catalog: CatalogStore, library: Library, recipes: [String: String], run: Int64) {
        self.catalog = catalog
        self.library = library
        self.recipes = recipes
        self.run = run
    }

    public func process(_ input: SourceData) throws -> PipelineItem<SourceData> {
        let draft = input.draft
        let complete = { (entry: CatalogEntry) in entry.status == .ok && library.hasEveryThumbnail(of: entry, recipes: recipes) }
        if draft.existingID != nil {
            guard let own = try lookUp({ try catalog.entry(atPath: draft.file.path) }, draft),
                  own.contentHash == draft.contentHash, complete(own) else { return .work(input) }
            return known(own, input)
        }
        let candidates = try lookUp({ try catalog.entries(withContentHash: draft.contentHash, notSeenIn: run, limit: candidateLimit) }, draft)
        guard let moved = candidates.first(where: { $0.path != draft.file.path && SourceFile.status(ofPath: $0.path) == nil }),
              claimed.claim(moved.id) else { return .work(input) }
        if complete(moved) {
            return known(moved, input)
        }
        // Moved, but its thumbnails are not those of this pipeline: decode, keeping the asset.
        var output = input
        output.draft.existingID = moved.id
        return .work(output)
    }

    /// A file with the content of `entry`, which has all its thumbnails: relocated, or when its
    /// sidecars are not those catalogued or an earlier `EvidenceReading` read it, on to have
    /// its evidence read again.
    private func known(_ entry: CatalogEntry, _ input: SourceData) -> PipelineItem<SourceData> {
        guard entry.sidecarStamp != SidecarMetadata.stamp(beside: input.draft.file.path) || entry.readByAnEarlierVersion else {
            return .settled(.relocated(assetID: entry.id, file: input.draft.file))
        }
        var output = input
        output.draft.existingID = entry.id
        output.draft.metadataRefreshOf = entry.id
        return .work(output)
    }
}

private func lookUp<T>(_ body: () throws -> T, _ draft: AssetDraft) throws -> T {
    do { return try body() } catch {
        throw IngestError(.unreadable, path: draft.file.path, reason: "catalog lookup failed: \(error)", causedBy: error)
    }
}

/// The assets a run has already moved to a new path: each moves once.
private final class ClaimedAssets: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<Int64> = []

    func claim(_ id: Int64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return ids.insert(id).inserted
    }
}
