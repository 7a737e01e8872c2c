import Foundation
import Testing
@testable import Shoebox

/// Per-file catalog cost, SQLite against PostgreSQL (not a timed test): run with
/// `SHOEBOX_BENCH_CATALOG=1 swift test --filter CatalogCostBenchmark`, skipped otherwise.
///
/// Through the catalog API alone (no images): `SHOEBOX_BENCH_CATALOG_FILES` files (default
/// 2,000), each a lookup by path (what planning does) then a `record` with two thumbnails
/// (what the catalog stage does), one after another on one handle, as an ingest's catalog
/// stage runs them; then a second run that finds each unchanged and marks it seen in batches
/// of 100. Prints one `bench` line per backend and step: milliseconds per file.
@Suite struct CatalogCostBenchmark {
    static let environment = ProcessInfo.processInfo.environment
    static let enabled = environment["SHOEBOX_BENCH_CATALOG"] != nil

    @Test(.enabled(if: enabled, "set SHOEBOX_BENCH_CATALOG=1"), arguments: CatalogBackend.all)
    func perFileCost(backend: CatalogBackend) throws {
        let count = Int(Self.environment["SHOEBOX_BENCH_CATALOG_FILES"] ?? "") ?? 2_000
        let catalog = try backend.make().catalog
        let run = try catalog.beginRun(roots: ["/bench"])
        let first = Date()
        for index in 0..<count {
            let draft = Self.draft(index)
            _ = try catalog.entry(atPath: draft.file.path)
            try catalog.record(draft, run: run)
        }
        report(backend.name, "lookup + record, new file", seconds: Date().timeIntervalSince(first), files: count)
        let again = try catalog.beginRun(roots: ["/bench"])
        let second = Date()
        var seen: [Int64] = []
        for index in 0..<count {
            seen.append(try #require(try catalog.entry(atPath: Self.draft(index).file.path)).id)
            if seen.count == 100 { try catalog.markSeen(seen, run: again); seen.removeAll() }
        }
        try catalog.markSeen(seen, run: again)
        report(backend.name, "lookup + markSeen, unchanged file", seconds: Date().timeIntervalSince(second), files: count)
    }

    static func draft(_ index: Int) -> AssetDraft {
        let path = "/bench/\(index / 100)/IMG_\(index).jpg"
        let status = SourceFile.Status(size: 1_000_000 + Int64(index), modifiedNanoseconds: Int64(index), device: 1, inode: UInt64(index))
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: "/bench", status: status), existingID: nil)
        draft.contentHash = String(format: "%016x", index)
        draft.displayedSize = PixelSize(width: 4000, height: 3000)
        draft.metadata.make = "Maker"
        draft.metadata.takenAt = "2024-05-01T10:00:00"
        draft.thumbnails = ["256", "1024"].map {
            ThumbnailRecord(name: "thumb\($0)", recipe: "r\($0)", width: 256, height: 192, relativePath: "thumbs/\(index)-\($0).jpg")
        }
        return draft
    }

    func report(_ backend: String, _ step: String, seconds: Double, files: Int) {
        print(String(format: "bench catalog %@: %@: %.3f ms/file (%d files, %.2f s)", backend, step, seconds * 1000 / Double(files),
                     files, seconds))
    }
}
