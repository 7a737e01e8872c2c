import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// What the PostgreSQL catalog promises beyond the contract suites: it goes on after its
/// connections are cut, and a catalog opened to read only never writes.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresCatalogTests {
    func draft(_ path: String) -> AssetDraft {
        let status = SourceFile.Status(size: 100, modifiedNanoseconds: 5, device: 1, inode: 2)
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: "/photos", status: status), existingID: nil)
        draft.contentHash = "aa11"
        draft.thumbnails = [ThumbnailRecord(name: "thumb", recipe: "r1", width: 3, height: 2, relativePath: "thumbs/aa/x.jpg")]
        return draft
    }

    /// Every backend serving the catalog's database is terminated (as a server restart or an
    /// administrator would): the next write and the next read reconnect and succeed.
    @Test func writesAndReadsGoOnAfterTheConnectionsAreCut() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/a.jpg"), run: run)
        let admin = try PGConnection(conninfo: uri)
        let cut = try admin.query("""
            SELECT count(*) AS n FROM (SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()) AS ended
            """)
        #expect(cut.first?.int("n") == 2)
        let id = try catalog.record(draft("/photos/b.jpg"), run: run)
        #expect(try catalog.asset(id: id)?.path == "/photos/b.jpg")
        #expect(try catalog.entry(atPath: "/photos/a.jpg")?.thumbnails["thumb"]?.recipe == "r1")
    }

    /// The connections are cut while a listing is being handed over (after its first page of
    /// 500): the listing goes on where it was, each asset once.
    @Test func aListingCutMidwayHandsEveryAssetOverOnce() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let run = try catalog.beginRun(roots: ["/photos"])
        let paths = (0..<(CatalogRecords.pageSize + 20)).map { String(format: "/photos/%04d.jpg", $0) }
        for path in paths { try catalog.record(draft(path), run: run) }
        let admin = try PGConnection(conninfo: uri)
        var listed: [String] = []
        try catalog.forEachAsset { record in
            if listed.isEmpty {
                try admin.query("""
                    SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                    """)
            }
            listed.append(record.path)
        }
        #expect(listed == paths)
    }

    @Test func aCatalogOpenedToReadOnlyRefusesWrites() throws {
        let uri = try PostgresServer.makeDatabase()
        let writer = try PostgresCatalog(uri: uri)
        try writer.record(draft("/photos/a.jpg"), run: try writer.beginRun(roots: ["/photos"]))
        let reader = try CatalogFactory.open(.postgres(uri: uri), for: .reading)
        #expect(try reader.asset(path: "/photos/a.jpg")?.contentHash == "aa11")
        #expect(throws: CatalogError.self) { try reader.beginRun(roots: ["/photos"]) }
    }

    @Test func anEmptyDatabaseIsNotOpenedToRead() throws {
        let uri = try PostgresServer.makeDatabase()
        let error = #expect(throws: CatalogError.self) { try CatalogFactory.open(.postgres(uri: uri), for: .reading) }
        guard case let .olderSchema(_, found, current)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(found == 0 && current == 17)
    }
}
