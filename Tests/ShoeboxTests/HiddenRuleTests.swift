import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `HiddenRule`, decided in Swift, and `CatalogVisibility.isHidden`, its SQL twin, which
/// every backend settles `hidden` with: the two agree for every combination of causes.
@Suite struct HiddenRuleTests {
    @Test(arguments: [
        (false, false, false, false, false), (true, false, false, false, true), (false, true, false, false, true),
        (false, false, true, false, true), (false, false, false, true, true), (true, true, true, true, true),
    ])
    func anAssetIsHiddenForAnyOfItsCauses(resource: Bool, pairedVideo: Bool, byPerson: Bool, burstMember: Bool, hidden: Bool) {
        let facts = HiddenRule.Facts(isResource: resource, isPairedVideo: pairedVideo, isHiddenByPerson: byPerson,
                                     isBurstMember: burstMember)
        #expect(HiddenRule.isHidden(facts) == hidden)
        #expect(HiddenRule.isHiddenForMoreThanItsBurst(facts) == (resource || pairedVideo || byPerson))
    }

    /// Every combination of the columns the SQL reads (a resource's owner, a kind, a paired
    /// asset, the person's mark, a burst member's flag), settled by SQLite, as the rule decides
    /// it; and the condition a fetch of burst members negates, true or false for each.
    @Test func theCatalogSettlesHiddenAsTheRuleSays() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("catalog.sqlite").path
        let db = try SQLiteConnection(path: path)
        try CatalogSchema.migrate(db, path: path)
        var expected: [Int64: Bool] = [:], facts: [Int64: HiddenRule.Facts] = [:]
        var id: Int64 = 0
        for resource in [false, true] { for kind in AssetKind.allCases { for paired in [false, true] { for mark in [false, true] {
            for member in [false, true] {
                id += 1
                try db.statement("""
                    INSERT INTO assets (id, path, root, kind, file_size, mtime_ns, status, seen_run, added_at, updated_at,
                    resource_of, paired_asset_id, hidden_mark, burst_member, hidden)
                    VALUES (?, ?, '/p', ?, 0, 0, 'ok', 1, '', '', ?, ?, ?, ?, ?)
                    """).bind(id, "/p/\(id).jpg", kind.rawValue, resource ? Int64(1) : nil, paired ? Int64(2) : nil,
                              mark ? Int64(1) : nil, Int64(member ? 1 : 0), Int64(id % 2)).run()
                facts[id] = HiddenRule.Facts(isResource: resource, isPairedVideo: kind == .video && paired,
                                             isHiddenByPerson: mark, isBurstMember: member)
                expected[id] = HiddenRule.isHidden(facts[id]!)
            }
        } } } }
        let notHiddenButForBursts = try db.statement("SELECT id FROM assets WHERE NOT \(CatalogVisibility.isHiddenForMoreThanItsBurst("assets"))")
        var shownWithMembers: Set<Int64> = []
        while try notHiddenButForBursts.step() { shownWithMembers.insert(notHiddenButForBursts.int64("id")) }
        #expect(shownWithMembers == Set(facts.filter { !HiddenRule.isHiddenForMoreThanItsBurst($0.value) }.keys))
        try CatalogVisibility.settle(Array(expected.keys), db: db)
        let rows = try db.statement("SELECT id, hidden FROM assets")
        var checked = 0
        while try rows.step() {
            #expect(expected[rows.int64("id")] == (rows.int64("hidden") == 1), "row \(rows.int64("id"))")
            checked += 1
        }
        #expect(checked == expected.count)
    }
}
