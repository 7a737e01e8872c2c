import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The kept counts of shown assets per album and kind (`PostgresAlbumCountsSchema`), which
/// `albums()` reads in place of counting every shown asset: after every kind of change they
/// equal a count of the rows, and a catalog migrated with assets starts from its true counts.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresAlbumCountsTests {
    static let shown = "a.status = 'ok' AND a.missing = 0 AND a.hidden = 0"

    /// The kept counts and a count of the rows, as "folder|title|kind" or "user|id|kind" to
    /// the number of shown assets (zeros left out).
    func counts(_ db: PGConnection) throws -> (kept: [String: Int], rows: [String: Int]) {
        func read(_ sql: String) throws -> [String: Int] {
            var result: [String: Int] = [:]
            for row in try db.query(sql).rows where row.int("n") != 0 { result[row.text("key")] = row.int("n") }
            return result
        }
        let kept = try read("""
            SELECT 'folder|' || title || '|' || k.kind AS key, sum(k.n)::bigint AS n FROM folder_album_kind_counts,
                LATERAL (VALUES ('photo', photo), ('video', video), ('livePhoto', live_photo), ('gif', gif)) AS k(kind, n)
            GROUP BY title, k.kind
            UNION ALL
            SELECT 'user|' || album_id || '|' || kind, sum(assets)::bigint FROM user_album_counts GROUP BY album_id, kind
            """)
        let rows = try read("""
            SELECT 'folder|' || a.album_folder || '|' || a.kind AS key, count(*) AS n FROM assets a WHERE \(Self.shown)
            GROUP BY a.album_folder, a.kind
            UNION ALL
            SELECT 'user|' || m.album_id || '|' || a.kind, count(*) FROM album_assets m JOIN assets a ON a.id = m.asset_id
            WHERE \(Self.shown) GROUP BY m.album_id, a.kind
            """)
        return (kept, rows)
    }

    func draft(_ path: String, kind: AssetKind = .photo, existingID: Int64? = nil, pairedAs identifier: String? = nil) -> AssetDraft {
        var draft = AlbumFixture.draft(path, kind: kind, takenAt: "2024-05-01T09:00:00")
        draft.existingID = existingID
        if let identifier {
            draft.format = kind == .video ? .mp4 : .jpeg
            draft.details.contentIdentifier = identifier
            if kind == .video { draft.details.durationSeconds = 2 }
        }
        return draft
    }

    /// Every listed album's counts as "title: photos/videos/livePhotos/gifs".
    func listing(_ catalog: PostgresCatalog) throws -> [String] {
        try catalog.albums().map { summary in
            let counts = summary.counts
            return "\(summary.album.title): \(counts[.photo])/\(counts[.video])/\(counts[.livePhoto])/\(counts[.gif])"
        }
    }

    @Test func keptCountsFollowEveryKindOfChange() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let db = try PGConnection(conninfo: uri)
        var steps: [String] = []
        func check(_ step: String) throws {
            let (kept, rows) = try counts(db)
            if kept != rows { steps.append("\(step): kept \(kept) != rows \(rows)") }
        }

        let run = try catalog.beginRun(roots: ["/photos"])
        let a = try catalog.record(draft("/photos/x/a.jpg"), run: run)
        let b = try catalog.record(draft("/photos/x/b.jpg"), run: run)
        let c = try catalog.record(draft("/photos/y/c.mp4", kind: .video), run: run)
        try check("record new")
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets([a, b, c], to: "Trip")
        try check("add to a user album")
        try catalog.reorderAssets([c], in: "Trip", at: 0)
        try check("reorder a user album")
        let failed = DiscoveredFile(path: "/photos/x/a.jpg", root: "/photos",
                                    status: SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2))
        try catalog.recordFailure(IngestError(.damaged, path: failed.path, reason: "broken"), file: failed, contentHash: nil,
                                  existingID: a, run: run)
        try check("failure over an ok asset")
        try catalog.record(draft("/photos/x/a.jpg", existingID: a), run: run)
        try check("ok again over a failure")
        try catalog.record(draft("/photos/x/b.jpg", kind: .gif, existingID: b), run: run)
        try check("kind changes")

        let video = try catalog.record(draft("/photos/z/clip.mov", kind: .video, pairedAs: "6F0C1E2A"), run: run)
        try catalog.addAssets([video], to: "Trip")
        let still = try catalog.record(draft("/photos/z/IMG_0001.JPG", pairedAs: "6F0C1E2A"), run: run)
        try catalog.addAssets([still], to: "Trip")
        try check("hide by Live Photo pairing")
        #expect(try listing(catalog) == ["Trip: 1/1/1/1", "x: 1/0/0/1", "y: 0/1/0/0", "z: 0/0/1/0"])

        let next = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen([a, b, c, video], run: next, livePhotoRules: .standard)
        _ = try catalog.markMissing(under: "/photos", notSeenIn: next)
        try check("mark missing, unpair")
        #expect(try listing(catalog) == ["Trip: 1/2/0/1", "x: 1/0/0/1", "y: 0/1/0/0", "z: 0/1/0/0"])  // the video shown again
        let last = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen([a, b, c, video, still], run: last, livePhotoRules: .standard)
        try check("return from missing, pair again")

        try catalog.record(draft("/photos/x/b.jpg", kind: .video, existingID: c), run: last)  // c moves onto b's path: b goes
        try check("delete (a move onto an old path)")
        _ = try catalog.removeAssets([a], from: "Trip")
        try check("remove from a user album")
        #expect(try listing(catalog) == ["Trip: 0/1/1/0", "x: 1/1/0/0", "z: 0/0/1/0"])
        try catalog.deleteAlbum("Trip")
        try check("delete a user album")
        #expect(steps == [])
    }

    /// Two writers into one folder album at once, each on its own catalog (connection): both
    /// record 30 new files into `/photos/x`, so their counts land on one key (in their own
    /// shards or, sharing a shard, one after the other); none is lost.
    @Test func twoWritersRecordingIntoOneFolderAtOnceLoseNoCount() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalogs = [try PostgresCatalog(uri: uri), try PostgresCatalog(uri: uri)]
        let run = try catalogs[0].beginRun(roots: ["/photos"])
        let errors = ErrorList()
        DispatchQueue.concurrentPerform(iterations: catalogs.count) { writer in
            do {
                for file in 0..<30 { try catalogs[writer].record(draft("/photos/x/w\(writer)-\(file).jpg"), run: run) }
            } catch { errors.append(error) }
        }
        #expect(errors.all.isEmpty, "\(errors.all)")
        let (kept, rows) = try counts(try PGConnection(conninfo: uri))
        #expect(kept == ["folder|x|photo": 60])
        #expect(kept == rows)
    }

    /// Two writers on one user album's assets at once: one adds 60 assets to the album, five
    /// at a time, while the other records a failure over each of them (so each stops being
    /// shown), each on its own catalog. Whichever commits first, the other's trigger must see
    /// it (the membership's lock on the asset); a deadlock between them is run again. At the
    /// end no asset is shown, so the album counts none.
    @Test func twoWritersOnOneUserAlbumsAssetsAtOnceKeepItsCountsTrue() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalogs = [try PostgresCatalog(uri: uri), try PostgresCatalog(uri: uri)]
        let run = try catalogs[0].beginRun(roots: ["/photos"])
        let ids = try (0..<60).map { try catalogs[0].record(draft("/photos/x/\($0).jpg"), run: run) }
        _ = try catalogs[0].createAlbum(titled: "Trip")
        let errors = ErrorList()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                if writer == 0 {
                    for batch in stride(from: 0, to: ids.count, by: 5) { try catalogs[0].addAssets(Array(ids[batch..<batch + 5]), to: "Trip") }
                } else {
                    for (index, id) in ids.enumerated() { try fail("/photos/x/\(index).jpg", id: id, run: run, catalogs[1]) }
                }
            } catch { errors.append(error) }
        }
        #expect(errors.all.isEmpty, "\(errors.all)")
        let db = try PGConnection(conninfo: uri)
        let (kept, rows) = try counts(db)
        #expect(kept == [:])
        #expect(kept == rows)
        #expect(try db.query("SELECT count(*) AS n FROM album_assets").first?.int("n") == 60)
    }

    func fail(_ path: String, id: Int64, run: Int64, _ catalog: PostgresCatalog) throws {
        let file = DiscoveredFile(path: path, root: "/photos", status: SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2))
        try catalog.recordFailure(IngestError(.damaged, path: path, reason: "broken"), file: file, contentHash: nil, existingID: id, run: run)
    }

    @Test func aCatalogMigratedWithAssetsStartsFromItsTrueCounts() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let run = try catalog.beginRun(roots: ["/photos"])
        let ids = try ["/photos/x/a.jpg", "/photos/x/b.jpg", "/photos/y/c.jpg"].map { try catalog.record(draft($0), run: run) }
        _ = try catalog.createAlbum(titled: "Trip")
        try catalog.addAssets([ids[0], ids[2]], to: "Trip")
        let db = try PGConnection(conninfo: uri)
        try db.execute("""
            DROP FUNCTION assets_album_count() CASCADE; DROP FUNCTION assets_leave_user_albums() CASCADE;
            DROP FUNCTION album_assets_count() CASCADE; DROP TABLE folder_album_kind_counts, user_album_counts, shoebox_album_counts_schema;
            DROP FUNCTION assets_album_first() CASCADE; DROP FUNCTION folder_album_firsts_enter(text[], bigint[], text[]);
            DROP FUNCTION folder_album_firsts_leave(text[], bigint[]); DROP TABLE folder_album_firsts
            """)
        try db.execute("UPDATE assets SET missing = 1 WHERE path = '/photos/x/b.jpg'")

        #expect(throws: CatalogError.self) { try PostgresCatalog(readingOnly: uri) }
        try PostgresAlbumCountsSchema.migrate(db)
        let (kept, rows) = try counts(db)
        #expect(kept == rows)
        #expect(try listing(try PostgresCatalog(readingOnly: uri)) == ["Trip: 2/0/0/0", "x: 1/0/0/0", "y: 1/0/0/0"])
    }
}
