import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Recording a file costs the same in a catalog of any size: every statement the record runs
/// finds its rows through an index, none reads a table from end to end. A full scan in the
/// record made a 100,000-photo ingest slow down as the catalog grew (the old pair's release
/// read every row: a third of the ingest's time at 40,000). Asked of SQLite itself
/// (`SQLiteStatementCounter.fullScans`), not timed.
@Suite struct RecordingCostTests {
    @Test func recordingANewFileOrAnUnchangedOneReadsNoTableWhole() throws {
        let (catalog, _) = try AssetReadingCostTests.catalog()
        let run = try catalog.beginRun(roots: ["/bench"])
        let counter = try catalog.write { SQLiteStatementCounter($0) }
        defer { _ = try? catalog.write { _ in counter.stop() } }

        let id = try catalog.record(CatalogCostBenchmark.draft(5_000), run: run)
        var again = CatalogCostBenchmark.draft(5_000)
        again.existingID = id
        _ = try catalog.record(again, run: run)

        #expect(counter.count > 10)   // the counter saw the records
        #expect(counter.fullScans == [], "statements that read a whole table")
    }

    /// An unchanged file of a re-run is marked seen without touching the indexes of the shown
    /// assets, which `missing` bounds: setting it on every row, 0 again, rewrote six index
    /// entries an asset (about 520 steps of SQLite's machine an asset; the mark alone is about
    /// 150), a tenth of a 100,000-file re-run.
    @Test func markingUnchangedAssetsSeenRewritesNoIndexEntry() throws {
        let (catalog, _) = try AssetReadingCostTests.catalog()
        let ids = try catalog.read { try $0.rows("SELECT id FROM assets", as: { $0.int64("id") }) }
        let run = try catalog.beginRun(roots: ["/bench"])
        let counter = try catalog.write { SQLiteStatementCounter($0) }
        defer { _ = try? catalog.write { _ in counter.stop() } }

        try catalog.markSeen(ids, run: run)

        #expect(ids.count >= 1_000)
        #expect(counter.virtualMachineSteps > 0)
        #expect(counter.virtualMachineSteps / ids.count < 250, "\(counter.virtualMachineSteps) steps for \(ids.count) assets")
    }
}
