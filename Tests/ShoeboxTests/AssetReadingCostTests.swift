import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Reading assets costs a number of SQLite statements that does not grow with the assets read:
/// the rows of a page in one query, their thumbnails in one more, for the whole-catalog listing
/// (`list`, `list --json`), fetches (`list --kind ...`) and `show` alike. Counted on the
/// catalog's reader connection, not timed (the speed is in `scripts/bench-albums.sh`).
@Suite struct AssetReadingCostTests {
    /// 1,200 generated assets (the albums benchmark's generator), each with one thumbnail.
    static func catalog() throws -> (SQLiteCatalog, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let catalog = try SQLiteCatalog(path: folder.url.appendingPathComponent("catalog.sqlite").path)
        try AlbumsBenchmark.generate(1_200, into: catalog)
        return (catalog, folder)
    }

    /// The statements `body` runs on the reader connection.
    static func statements(_ catalog: SQLiteCatalog, _ body: () throws -> Void) throws -> [String] {
        let counter = try catalog.read { SQLiteStatementCounter($0) }
        defer { _ = try? catalog.read { _ in counter.stop() } }
        try body()
        return counter.statements
    }

    /// The thumbnail path the generator wrote for the asset at `path`.
    static func thumbnailPath(of path: String) -> String {
        let hash = ContentHasher.hash(path)
        return "thumbs/\(hash.prefix(2))/\(hash)-555501e9c91a85a4.jpg"
    }

    /// A listing reads a page of rows, then the page's thumbnails, with no transaction held
    /// between pages (`CatalogDatabase.forEachAsset`).
    @Test func listingEveryAssetRunsTwoQueriesAPage() throws {
        let (catalog, _) = try Self.catalog()
        var listed: [AssetRecord] = []
        let run = try Self.statements(catalog) { try catalog.forEachAsset { listed.append($0) } }
        #expect(listed.count == 1_200)
        #expect(run.count == 6, "rows and thumbnails for pages of 500, 500 and 200: \(run.count) statements")
        #expect(listed.allSatisfy { $0.thumbnails.map(\.relativePath) == [Self.thumbnailPath(of: $0.path)] })
    }

    @Test func aFetchRunsThreeQueriesAPageWhateverItsSize() throws {
        let (catalog, _) = try Self.catalog()
        var fetched: [AssetRecord] = []
        let run = try Self.statements(catalog) {
            try catalog.fetchAssets(AssetFetchOptions(sort: AssetSort(.name)), pageSize: 500).forEach { fetched.append($0) }
        }
        #expect(fetched.count == 1_200)
        #expect(run.count == 9, "ids, rows and thumbnails for pages of 500, 500 and 200: \(run.count) statements")
        #expect(fetched.allSatisfy { $0.thumbnails.map(\.relativePath) == [Self.thumbnailPath(of: $0.path)] })
    }

    @Test func showingOneAssetRunsTwoQueries() throws {
        let (catalog, _) = try Self.catalog()
        var shown: [AssetRecord?] = []
        let run = try Self.statements(catalog) {
            shown.append(try catalog.asset(id: 7))
            shown.append(try catalog.asset(path: "/bench/2017/album-0007/IMG_000007.jpg"))
        }
        #expect(run.count == 4)
        #expect(shown.map { $0?.id } == [7, 8])
        #expect(shown.map { $0?.thumbnails.count } == [1, 1])
    }
}

extension AssetReadingCostTests {
    /// Every smart album of shown assets is counted in one pass, then each non-empty one's cover
    /// is one seek, and Hidden (empty here) is one count of its own index: the listing's
    /// statements grow with the smart albums that have assets, not with the assets.
    @Test func listingTheSmartAlbumsScansOnceAndSeeksACoverPerNonEmptyAlbum() throws {
        let (catalog, _) = try Self.catalog()
        var listed: [AlbumSummary] = []
        let run = try Self.statements(catalog) { listed = try catalog.smartAlbums(includingCovers: true) }
        let nonEmpty = listed.filter { $0.count > 0 }.count
        #expect(nonEmpty >= 3, "All Photos, Videos, Live Photos and Recently Added at least have assets")
        #expect(run.count == 3 + nonEmpty, "the cover records, the pass, a seek per non-empty album, Hidden's count: \(run)")
        #expect(run.filter { $0.contains("sum(CASE WHEN") }.count == 1)
    }
}
