import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Each folder album's kept first asset (`PostgresFolderAlbumFirsts`), which `albums()` reads
/// as the album's cover in place of a seek per album: after every kind of change, and while
/// two writers change one folder at once, it is the asset a page of the album starts with.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresFolderAlbumFirstsTests {
    /// Per folder album showing something, "title: kept first | sought first" where they
    /// differ, read in one snapshot: empty when the kept firsts are right.
    static func disagreements(_ db: PGConnection) throws -> [String] {
        try db.transaction(.snapshot) {
            var kept: [String: Int64] = [:]
            for row in try db.query("""
                SELECT DISTINCT ON (title) title, asset_id FROM folder_album_firsts ORDER BY title, \(PostgresFolderAlbumFirsts.rowOrder)
                """).rows { kept[row.text("title")] = row.int64("asset_id") }
            var sought: [String: Int64] = [:]
            for row in try db.query("SELECT DISTINCT album_folder FROM assets a WHERE \(ShownAssets.condition("a"))").rows {
                let title = row.text("album_folder")
                sought[title] = try PostgresCatalog.leadingAssets(of: .folder(title), count: 1, db: db).first
            }
            return Set(kept.keys).union(sought.keys).sorted().compactMap { title in
                kept[title] == sought[title] ? nil : "\(title): \(kept[title].map(String.init) ?? "none") | \(sought[title].map(String.init) ?? "none")"
            }
        }
    }

    /// A photo at `minute` past 09:00 on one day (the folder album's order is newest first).
    func draft(_ path: String, minute: Int, kind: AssetKind = .photo, existingID: Int64? = nil, pairedAs identifier: String? = nil) -> AssetDraft {
        var draft = AlbumFixture.draft(path, kind: kind, takenAt: String(format: "2024-05-01T%02d:%02d:00", 9 + minute / 60, minute % 60))
        draft.existingID = existingID
        if let identifier {
            draft.format = kind == .video ? .mp4 : .jpeg
            draft.details.contentIdentifier = identifier
            if kind == .video { draft.details.durationSeconds = 2 }
        }
        return draft
    }

    func fail(_ path: String, id: Int64, run: Int64, _ catalog: PostgresCatalog) throws {
        let file = DiscoveredFile(path: path, root: "/photos", status: SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2))
        try catalog.recordFailure(IngestError(.damaged, path: path, reason: "broken"), file: file, contentHash: nil, existingID: id, run: run)
    }

    /// Each folder album's cover as the listing gives it, "title: asset id".
    func covers(_ catalog: PostgresCatalog) throws -> [String] {
        try catalog.albums().map { "\($0.album.title): \($0.coverAssetID.map(String.init) ?? "none")" }.sorted()
    }

    @Test func keptFirstFollowsTheFirstAssetThroughEveryKindOfChange() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let db = try PGConnection(conninfo: uri)
        var steps: [String] = []
        func check(_ step: String) throws {
            let wrong = try Self.disagreements(db)
            if !wrong.isEmpty { steps.append("\(step): \(wrong)") }
        }

        let run = try catalog.beginRun(roots: ["/photos"])
        let a = try catalog.record(draft("/photos/x/a.jpg", minute: 10), run: run)
        let b = try catalog.record(draft("/photos/x/b.jpg", minute: 30), run: run)
        let c = try catalog.record(draft("/photos/x/c.jpg", minute: 20), run: run)
        let d = try catalog.record(draft("/photos/y/d.jpg", minute: 5), run: run)
        try check("record new, newest first")
        #expect(try covers(catalog) == ["x: \(b)", "y: \(d)"])

        try fail("/photos/x/b.jpg", id: b, run: run, catalog)
        try check("the first fails")
        #expect(try covers(catalog) == ["x: \(c)", "y: \(d)"])
        try catalog.record(draft("/photos/x/b.jpg", minute: 30, existingID: b), run: run)
        try check("the first is ok again")
        try catalog.record(draft("/photos/x/b.jpg", minute: 1, existingID: b), run: run)
        try check("the first's capture time goes back")
        #expect(try covers(catalog) == ["x: \(c)", "y: \(d)"])

        let video = try catalog.record(draft("/photos/x/clip.mov", minute: 50, kind: .video, pairedAs: "6F0C1E2A"), run: run)
        try check("a newer video")
        let still = try catalog.record(draft("/photos/x/IMG_0001.JPG", minute: 40, pairedAs: "6F0C1E2A"), run: run)
        try check("the video hidden by its Live Photo still")
        #expect(try covers(catalog) == ["x: \(still)", "y: \(d)"])

        try catalog.record(draft("/photos/z/IMG_0001.JPG", minute: 40, existingID: still), run: run)
        try check("the first moves to another folder")
        let next = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen([a, b, video, still], run: next, livePhotoRules: .standard)
        _ = try catalog.markMissing(under: "/photos", notSeenIn: next)
        try check("the first goes missing")
        #expect(try covers(catalog).contains("y: \(d)") == false)

        try catalog.record(draft("/photos/x/a.jpg", minute: 55, existingID: video), run: next)  // the video moves onto a's path: a goes
        try check("delete (a move onto an old path)")
        try catalog.record(draft("/photos/z/IMG_0001.JPG", minute: 40, existingID: still), run: next)
        try fail("/photos/x/a.jpg", id: video, run: next, catalog)
        try fail("/photos/x/b.jpg", id: b, run: next, catalog)
        try check("the folder shows nothing")
        #expect(try covers(catalog) == ["z: \(still)"])
        #expect(steps == [])
    }

    /// Runs `writers` at once, each with its catalog of `catalogs` (its own connection), while a watcher compares
    /// the kept firsts with sought ones in a snapshot, again and again until they are done: any
    /// committed state must agree. Returns the watcher's disagreements, then the final ones.
    func runAtOnce(_ uri: String, _ catalogs: [PostgresCatalog], _ writers: [(PostgresCatalog) throws -> Void]) throws -> (seen: [String], final: [String]) {
        let watcher = try PGConnection(conninfo: uri)
        let errors = ErrorList()
        let done = DispatchGroup()
        var seen: [String] = []
        for (writer, catalog) in zip(writers, catalogs) {
            DispatchQueue.global().async(group: done) {
                do { try writer(catalog) } catch { errors.append(error) }
            }
        }
        while done.wait(timeout: .now()) == .timedOut {
            seen += try Self.disagreements(watcher)
        }
        #expect(errors.all.isEmpty, "\(errors.all)")
        return (seen, try Self.disagreements(watcher))
    }

    /// One writer fails folder x's assets from the newest down (each the album's first when
    /// it goes) while the other records a new asset just older than each of them. The recording
    /// writer recorded the old assets too, so its upserts land on the row (its backend's shard)
    /// that holds the first being failed: they keep it there and hold the row until they
    /// commit. The failing writer's new look for the first must wait for that (the row's lock
    /// before the seek) and see the new asset, else the first falls past it.
    @Test func twoWritersFailingTheFirstAndRecordingJustOlderAssetsKeepItsFirstTrue() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalogs = [try PostgresCatalog(uri: uri), try PostgresCatalog(uri: uri)]
        let run = try catalogs[1].beginRun(roots: ["/photos"])
        let ids = try (0..<40).map { try catalogs[1].record(draft("/photos/x/e\($0).jpg", minute: 10 + 10 * $0), run: run) }
        let (seen, final) = try runAtOnce(uri, catalogs, [
            { catalog in for k in (0..<40).reversed() { try fail("/photos/x/e\(k).jpg", id: ids[k], run: run, catalog) } },
            { catalog in for k in (0..<40).reversed() { try catalog.record(draft("/photos/x/n\(k).jpg", minute: 9 + 10 * k), run: run) } },
        ])
        #expect(seen == [])
        #expect(final == [])
    }

    /// Two writers each fail one of a folder's two newest assets at once, folder after folder
    /// (30 folders of three, the writers meeting before each): the one failing the first looks
    /// for the new first and may find the asset the other is failing at that moment. It must
    /// pass over it or hold it (`FOR SHARE`) until the other's trigger can see it kept, else
    /// the album keeps a failed asset as its first.
    @Test func twoWritersFailingAFoldersTwoNewestAssetsAtOnceKeepItsFirstShown() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalogs = [try PostgresCatalog(uri: uri), try PostgresCatalog(uri: uri)]
        let run = try catalogs[0].beginRun(roots: ["/photos"])
        let ids = try (0..<30).map { folder in
            try (0..<3).map { try catalogs[0].record(draft("/photos/f\(folder)/e\($0).jpg", minute: 10 + 10 * $0), run: run) }
        }
        let arrived = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let (seen, final) = try runAtOnce(uri, catalogs, [0, 1].map { writer in
            { catalog in
                for folder in 0..<30 {
                    arrived[writer].signal()
                    arrived[1 - writer].wait()
                    try fail("/photos/f\(folder)/e\(2 - writer).jpg", id: ids[folder][2 - writer], run: run, catalog)
                }
            }
        })
        #expect(seen == [])
        #expect(final == [])
    }

    /// One writer moves folder x's assets, newest first, into folder y while the other records
    /// new assets into x just older than each (onto the row holding the first, as above): the
    /// first of both folders stays true.
    @Test func twoWritersMovingTheFirstAwayAndRecordingKeepBothFoldersFirstsTrue() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalogs = [try PostgresCatalog(uri: uri), try PostgresCatalog(uri: uri)]
        let run = try catalogs[1].beginRun(roots: ["/photos"])
        let ids = try (0..<40).map { try catalogs[1].record(draft("/photos/x/e\($0).jpg", minute: 10 + 10 * $0), run: run) }
        let (seen, final) = try runAtOnce(uri, catalogs, [
            { catalog in
                for k in (0..<40).reversed() { try catalog.record(self.draft("/photos/y/e\(k).jpg", minute: 10 + 10 * k, existingID: ids[k]), run: run) }
            },
            { catalog in for k in (0..<40).reversed() { try catalog.record(draft("/photos/x/n\(k).jpg", minute: 9 + 10 * k), run: run) } },
        ])
        #expect(seen == [])
        #expect(final == [])
    }
}
