import Dispatch
import Foundation
import Testing
@testable import Shoebox

/// What every backend must do with ids, paths, concurrent writers and failed writes.
extension CatalogContractTests {
    /// Ids are the catalog's to choose (a PostgreSQL sequence need not start at 1, nor be
    /// without gaps): every id a caller holds is one `record` (or a lookup) returned.
    @Test(arguments: CatalogBackend.all) func idsAreWhatRecordReturns(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        let paths = ["/photos/a.jpg", "/photos/b.jpg", "/photos/c.jpg"]
        let ids = try paths.map { try catalog.record(draft($0), run: run) }
        #expect(Set(ids).count == 3)
        for (path, id) in zip(paths, ids) {
            #expect(try catalog.asset(id: id)?.path == path)
            #expect(try catalog.entry(atPath: path)?.id == id)
        }
        #expect(try catalog.record(draft("/photos/b.jpg", hash: "bb22"), run: run) == ids[1], "recording again keeps the id")
        #expect(try catalog.asset(id: (ids.max() ?? 0) + 1_000) == nil)
    }

    /// Paths are bytes: a name in any script, one whose bytes are not UTF-8 (as `PathText`
    /// writes it), and two names that differ only in Unicode normalisation (`é` as one code
    /// point or as `e` and a combining accent: two files on Linux) are kept exactly, apart,
    /// and in byte order.
    @Test(arguments: CatalogBackend.all) func pathsAreKeptByteForByte(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let composed = "/photos/caf\u{E9}.jpg", decomposed = "/photos/cafe\u{301}.jpg"
        let paths = [composed, decomposed, "/photos/Фото/雪.jpg", "/photos/name_\\xff\\xfe(.jpg", "/photos/\u{1F4F7} b.jpg",
                     "/photos/Z.jpg"]
        let run = try catalog.beginRun(roots: ["/photos"])
        // Keyed by bytes: Swift's String equality would take the two cafés for one.
        var ids: [[UInt8]: Int64] = [:]
        for path in paths { ids[Array(path.utf8)] = try catalog.record(draft(path), run: run) }
        #expect(Set(ids.values).count == paths.count, "each path its own asset")
        for path in paths {
            #expect(try catalog.asset(path: path)?.path.utf8.elementsEqual(path.utf8) == true, "\(PathText.printable(path))")
            #expect(try catalog.asset(path: path)?.id == ids[Array(path.utf8)])
        }
        var listed: [String] = []
        try catalog.forEachAsset { listed.append($0.path) }
        let byteOrder = paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(listed.map { Array($0.utf8) } == byteOrder.map { Array($0.utf8) })
        var fetched: [[UInt8]] = []
        try catalog.fetchAssets(AssetFetchOptions(sort: AssetSort(.added))).forEach { fetched.append(Array($0.path.utf8)) }
        #expect(Set(fetched) == Set(paths.map { Array($0.utf8) }))
    }

    /// Two handles on one catalog (two processes, or two workers) writing at once: every
    /// write lands, each file is one asset with one id, and each writer's ids are the ones the
    /// catalog keeps.
    @Test(arguments: CatalogBackend.all) func twoWritersAtOnce(backend: CatalogBackend) throws {
        let made = try backend.make()
        let writers = [made.catalog, try made.reopen()]
        let results = WriterResults()
        DispatchQueue.concurrentPerform(iterations: writers.count) { index in
            do {
                let catalog = writers[index]
                let run = try catalog.beginRun(roots: ["/photos"])
                for number in 0..<40 {
                    let path = "/photos/writer-\(index)/\(number).jpg"
                    results.add(path, try catalog.record(self.draft(path, hash: "h\(index)-\(number)"), run: run))
                    results.add("/photos/shared.jpg", try catalog.record(self.draft("/photos/shared.jpg"), run: run))
                }
            } catch {
                results.fail(error)
            }
        }
        #expect(results.errors.isEmpty, "\(results.errors)")
        var catalogued: [String: Int64] = [:]
        try made.catalog.forEachAsset { catalogued[$0.path] = $0.id }
        #expect(catalogued.count == 81, "80 files of their own and the one both wrote")
        for (path, ids) in results.idsByPath {
            #expect(Set(ids) == [catalogued[path]], "\(path): every record of it returned its one id")
        }
        #expect(Set(catalogued.values).count == 81)
    }

    /// A write that fails part-way leaves nothing of itself: a new asset whose second
    /// thumbnail cannot be stored (two of one name) is not there at all, and an asset
    /// recorded before keeps what it had.
    @Test(arguments: CatalogBackend.all) func aFailedWriteLeavesNothingOfItself(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        let kept = try catalog.record(draft("/photos/kept.jpg"), run: run)
        func broken(_ path: String) -> AssetDraft {
            var draft = draft(path, hash: "ff99")
            draft.thumbnails.append(ThumbnailRecord(name: "thumb", recipe: "r9", width: 3, height: 2, relativePath: "thumbs/ff/bad.jpg"))
            return draft
        }
        #expect(throws: (any Error).self) { try catalog.record(broken("/photos/new.jpg"), run: run) }
        #expect(try catalog.entry(atPath: "/photos/new.jpg") == nil)
        #expect(throws: (any Error).self) { try catalog.record(broken("/photos/kept.jpg"), run: run) }
        let asset = try #require(try catalog.asset(id: kept))
        #expect(asset.contentHash == "aa11" && asset.thumbnails.map(\.recipe) == ["r1"])
        #expect(try catalog.recordedThumbnailPaths() == ["thumbs/aa/x.jpg"])
        var count = 0
        try catalog.forEachAsset { _ in count += 1 }
        #expect(count == 1)
    }

    /// `show`'s resources: a file standing alone is its one resource; an unknown id has none.
    @Test(arguments: CatalogBackend.all) func anAssetStandingAloneIsItsOneResource(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let id = try catalog.record(draft("/photos/a.jpg"), run: try catalog.beginRun(roots: ["/photos"]))
        #expect(try catalog.resources(ofAsset: id) == [AssetResource(type: .standalone(.photo), path: "/photos/a.jpg", fileSize: 100)])
        #expect(try catalog.resources(ofAsset: id + 1_000) == [])
    }

    /// `duplicates`: catalogued files that share content, whatever their status; missing ones not.
    @Test(arguments: CatalogBackend.all) func filesSharingContentAreOneDuplicateGroup(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        for path in ["/photos/a.jpg", "/photos/b.jpg", "/photos/gone.jpg"] { try catalog.record(draft(path, hash: "dd44"), run: run) }
        try catalog.record(draft("/photos/other.jpg", hash: "ee55"), run: run)
        let next = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen(try ["/photos/a.jpg", "/photos/b.jpg", "/photos/other.jpg"].map { try #require(try catalog.entry(atPath: $0)).id },
                             run: next)
        _ = try catalog.markMissing(under: "/photos", notSeenIn: next)
        #expect(try catalog.duplicateCandidates().sorted { $0.path < $1.path } == ["/photos/a.jpg", "/photos/b.jpg"].map {
            CataloguedCopy(contentHash: "dd44", fileSize: 100, modifiedNanoseconds: 5, path: $0)
        })
    }
}
