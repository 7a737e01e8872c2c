import Foundation
import Testing
@testable import Shoebox

/// A small catalog made through the catalog API, no images: what the album and fetch
/// contract tests read. Rows are numbered as below; each row's asset id is what `record`
/// returned for it (`AlbumFixture.subscript`), after three padding assets (flagged missing,
/// so never shown), so that no test can pass by assuming ids 1..n.
///
/// | row | path                   | kind  | takenAt             | other                 |
/// |-----|------------------------|-------|---------------------|-----------------------|
/// | 1   | /photos/2024/b.jpg     | photo | 2024-05-02T10:00:00 | GPS                   |
/// | 2   | /photos/2024/A.jpg     | photo | 2024-05-01T09:00:00 |                       |
/// | 3   | /photos/2023/c.gif     | gif   | 2023-12-31T23:59:59 |                       |
/// | 4   | /photos/2024/d.jpg     | photo | none: date added    |                       |
/// | 5   | /photos/e.mp4          | video | 2024-06-01T00:00:00 |                       |
/// | 6   | /photos/2024/f.jpg     | photo |                     | failed: never shown   |
/// | 7   | /photos/2024/g.jpg     | photo | 2024-05-03T00:00:00 | missing: never shown  |
struct AlbumFixture {
    let made: ContractCatalog
    private let rows: [Int: Int64]

    var catalog: any Catalog { made.catalog }
    var name: String { made.backend.name }

    /// An id no asset has.
    static let noSuchID: Int64 = 987_654_321

    init(_ backend: CatalogBackend) throws {
        made = try backend.make()
        rows = try Self.populate(made.catalog)
    }

    /// The asset id of a row of the table.
    subscript(_ row: Int) -> Int64 { rows[row]! }

    /// The asset ids of rows of the table, in the order given.
    func ids(_ rows: Int...) -> [Int64] { rows.map { self[$0] } }

    /// The ids a fetch returns, every page read.
    func fetched(_ options: AssetFetchOptions, pageSize: Int = 500) throws -> [Int64] {
        var ids: [Int64] = []
        try catalog.fetchAssets(options, pageSize: pageSize).forEach { ids.append($0.id) }
        return ids
    }

    /// Records `/photos/live/IMG_1.HEIC` and `IMG_1.MOV`, a Live Photo paired by its
    /// identifier (taken 2024-07-01 09:00); returns the still's and the video's ids.
    func recordLivePhoto() throws -> (still: Int64, video: Int64) {
        let run = try catalog.beginRun(roots: ["/photos"])
        var still = Self.draft("/photos/live/IMG_1.HEIC", takenAt: "2024-07-01T09:00:00")
        var video = Self.draft("/photos/live/IMG_1.MOV", kind: .video, takenAt: "2024-07-01T09:00:00")
        (still.format, video.format) = (.heic, .mp4)
        (still.details.contentIdentifier, video.details.contentIdentifier) = ("A-1", "A-1")
        video.details.durationSeconds = 2
        return (try catalog.record(still, run: run), try catalog.record(video, run: run))
    }

    static func draft(_ path: String, kind: AssetKind = .photo, takenAt: String?, located: Bool = false,
                      root: String = "/photos") -> AssetDraft {
        let status = SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2)
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: root, status: status), existingID: nil)
        draft.contentHash = ContentHasher.hash(path)
        draft.kind = kind
        draft.displayedSize = PixelSize(width: 30, height: 20)
        draft.metadata.takenAt = takenAt
        if located { draft.metadata.location = GPSLocation(latitude: 48.8584, longitude: 2.2945) }
        return draft
    }

    /// Records the table; returns each row's id, as `record` returned it.
    private static func populate(_ catalog: any Catalog) throws -> [Int: Int64] {
        let padding = try catalog.beginRun(roots: ["/padding"])
        for index in 1...3 { try catalog.record(draft("/padding/\(index).jpg", takenAt: nil, root: "/padding"), run: padding) }
        let run = try catalog.beginRun(roots: ["/photos"])
        var rows: [Int: Int64] = [:]
        rows[1] = try catalog.record(draft("/photos/2024/b.jpg", takenAt: "2024-05-02T10:00:00", located: true), run: run)
        rows[2] = try catalog.record(draft("/photos/2024/A.jpg", takenAt: "2024-05-01T09:00:00"), run: run)
        rows[3] = try catalog.record(draft("/photos/2023/c.gif", kind: .gif, takenAt: "2023-12-31T23:59:59"), run: run)
        rows[4] = try catalog.record(draft("/photos/2024/d.jpg", takenAt: nil), run: run)
        rows[5] = try catalog.record(draft("/photos/e.mp4", kind: .video, takenAt: "2024-06-01T00:00:00"), run: run)
        let failed = draft("/photos/2024/f.jpg", takenAt: nil).file
        try catalog.recordFailure(IngestError(.damaged, path: failed.path, reason: "broken"), file: failed, contentHash: nil,
                                  existingID: nil, run: run)
        rows[6] = try #require(try catalog.entry(atPath: failed.path)).id
        rows[7] = try catalog.record(draft("/photos/2024/g.jpg", takenAt: "2024-05-03T00:00:00"), run: run)
        let next = try catalog.beginRun(roots: ["/photos", "/padding"])
        try catalog.markSeen((1...6).map { rows[$0]! }, run: next)
        _ = try catalog.markMissing(under: "/photos", notSeenIn: next)
        _ = try catalog.markMissing(under: "/padding", notSeenIn: next)
        return rows
    }
}
