import Foundation
@testable import Shoebox

/// A small catalog made through the catalog API, no images: what the album and fetch
/// contract tests read. Ids are assigned in the order below, from 1.
///
/// | id | path                   | kind  | takenAt             | other                 |
/// |----|------------------------|-------|---------------------|-----------------------|
/// | 1  | /photos/2024/b.jpg     | photo | 2024-05-02T10:00:00 | GPS                   |
/// | 2  | /photos/2024/A.jpg     | photo | 2024-05-01T09:00:00 |                       |
/// | 3  | /photos/2023/c.gif     | gif   | 2023-12-31T23:59:59 |                       |
/// | 4  | /photos/2024/d.jpg     | photo | none: date added    |                       |
/// | 5  | /photos/e.mp4          | video | 2024-06-01T00:00:00 |                       |
/// | 6  | /photos/2024/f.jpg     | photo |                     | failed: never shown   |
/// | 7  | /photos/2024/g.jpg     | photo | 2024-05-03T00:00:00 | missing: never shown  |
enum AlbumFixtures {
    static func backends() throws -> [(String, any CatalogStore & AlbumStore & AssetFetching, TemporaryFolder)] {
        let folder = try TemporaryFolder()
        let catalog = try SQLiteCatalog(path: folder.url.appendingPathComponent("catalog.sqlite").path)
        try populate(catalog)
        return [("sqlite", catalog, folder)]
    }

    static func draft(_ path: String, kind: AssetKind = .photo, takenAt: String?, located: Bool = false) -> AssetDraft {
        let status = SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2)
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: "/photos", status: status), existingID: nil)
        draft.contentHash = ContentHasher.hash(path)
        draft.kind = kind
        draft.displayedSize = PixelSize(width: 30, height: 20)
        draft.metadata.takenAt = takenAt
        if located { draft.metadata.location = GPSLocation(latitude: 48.8584, longitude: 2.2945) }
        return draft
    }

    static func populate(_ catalog: any CatalogStore) throws {
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/2024/b.jpg", takenAt: "2024-05-02T10:00:00", located: true), run: run)
        try catalog.record(draft("/photos/2024/A.jpg", takenAt: "2024-05-01T09:00:00"), run: run)
        try catalog.record(draft("/photos/2023/c.gif", kind: .gif, takenAt: "2023-12-31T23:59:59"), run: run)
        try catalog.record(draft("/photos/2024/d.jpg", takenAt: nil), run: run)
        try catalog.record(draft("/photos/e.mp4", kind: .video, takenAt: "2024-06-01T00:00:00"), run: run)
        let failed = draft("/photos/2024/f.jpg", takenAt: nil).file
        try catalog.recordFailure(IngestError(.damaged, path: failed.path, reason: "broken"), file: failed, contentHash: nil,
                                  existingID: nil, run: run)
        try catalog.record(draft("/photos/2024/g.jpg", takenAt: "2024-05-03T00:00:00"), run: run)
        let next = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen([1, 2, 3, 4, 5, 6], run: next)
        _ = try catalog.markMissing(under: "/photos", notSeenIn: next)
    }

    /// The ids a fetch returns, every page read.
    static func ids(_ catalog: any AssetFetching, _ options: AssetFetchOptions, pageSize: Int = 500) throws -> [Int64] {
        var ids: [Int64] = []
        try catalog.fetchAssets(options, pageSize: pageSize).forEach { ids.append($0.id) }
        return ids
    }
}
