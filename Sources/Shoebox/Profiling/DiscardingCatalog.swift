import Foundation

/// A catalog that knows nothing and keeps nothing: every lookup finds no asset, every write
/// is dropped. For decode-only profiles, which must not write a single file.
///
/// Not a backend: it keeps none of `CatalogStore`'s promises about what was written, and the
/// contract tests do not run against it.
final class DiscardingCatalog: CatalogStore, @unchecked Sendable {
    func entry(atPath path: String) throws -> CatalogEntry? { nil }
    func entries(withContentHash hash: String, notSeenIn run: Int64, limit: Int) throws -> [CatalogEntry] { [] }
    func beginRun(roots: [String]) throws -> Int64 { 0 }
    func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws -> Int64 { 0 }
    func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?, existingID: Int64?,
                       run: Int64) throws {}
    func markSeen(_ ids: [Int64], run: Int64, livePhotoRules: LivePhotoRules) throws {}
    func relocate(_ id: Int64, to file: DiscoveredFile, run: Int64, livePhotoRules: LivePhotoRules) throws {}
    func refreshMetadata(_ id: Int64, from draft: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws {}
    func markMissing(under root: String, notSeenIn run: Int64) throws -> [String] { [] }
    func forget(under path: String) throws -> [String] { [] }
    func forgetMissing(before date: Date) throws -> [String] { [] }
    func recordResourceFile(atPath path: String, status: SourceFile.Status, run: Int64) throws {}
    func forEachAsset(_ body: (AssetRecord) throws -> Void) throws {}
    func asset(id: Int64) throws -> AssetRecord? { nil }
    func asset(path: String) throws -> AssetRecord? { nil }
    func recordedThumbnailPaths() throws -> Set<String> { [] }
    var workQueue: (any WorkQueue)? { nil }
}
