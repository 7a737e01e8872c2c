import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A released migration's text never changes: a database it made holds what it said, and a
/// new database must be made alike. A change to the schema is a new migration at the end of
/// its list, whose fingerprint joins the table below when it is released.
///
/// Fingerprints are `ContentHasher.hash` (XXH3-128) of each migration's SQL.
@Suite struct FrozenMigrationsTests {
    /// Every migration list and its texts, by version.
    static var lists: [(name: String, migrations: [(version: Int, sql: String)])] {
        [("sqlite", CatalogSchema.migrations.enumerated().map { ($0.offset + 1, $0.element) }),
         ("postgres catalog", PostgresSchema.migrations),
         ("postgres queue", PostgresQueueSchema.migrations),
         ("postgres album counts", PostgresAlbumCountsSchema.migrations)]
    }

    /// As released (the fingerprints of 2026-12-05, every migration then in use; the 9s, a
    /// failure's stage and cause, of 2026-12-06; the 10s, favorites and smart album covers, and
    /// the 11s, places, of 2026-12-05 again; the 12s, kept moments, of 2026-12-05 again; the
    /// 13s, the person's hidden mark, and the 14s, bursts, of 2026-12-06; the 15s, the reading
    /// version, of 2026-12-06 again; the 16s, continuous-drive frames, of 2026-12-06 again; the
    /// 17s, the index on a pair's partner, of 2026-12-06 again).
    static let released: [String: [Int: String]] = [
        "sqlite": [1: "60ee206fd47cf37eee754c58506c8e3f", 2: "a6ccf9c4fb47eb9501900e4ce8250ef0", 3: "962277254d56a9ea393195042c9cbd64",
                   4: "01f9d3d1d91a49232b1d867521b25626", 5: "edd4af3e4e1d0deec8df96a5e377fdda", 6: "2e80d6c239addf3333db021d56910344",
                   7: "fdb6def514b936088575e3345dc0dfb0", 8: "eaddc90ccda52bf26cec79245f1e908c",
                   9: "add90261b725313dbd5f341e74c6fd74", 10: "837d9cd90ca605781871dfd8eaebd575",
                   11: "c0ab37b148babfecc56ceeb25e55ae0f", 12: "93ac36be14cb7ae5a7f4d308c0c6cb4a",
                   13: "93869f19cb1bac222610afe9edf2982a", 14: "1830082b1867a1021f15055ced2adb44",
                   15: "a650ddcc78ecb9ed68bc5c485530929d", 16: "aaa1c5ea7aacc41065af46f5ddb3be50",
                   17: "d233bbf30465bd5381f2bae0ebabdffb"],
        "postgres catalog": [8: "07d65043746f627ec324837b0dcac6b9", 9: "dc3d4dbbca8ce9b4fa917155df96a501",
                             10: "92d9b1442144022287cd7dfd31fc8e11", 11: "c98e55c39d750f8c8354437ae1a0768f", 12: "0566ac2d3791b3c1c5cf639b123023fd",
                             13: "6758a996bcf1c2f709c17f9b884bee96", 14: "13f7f583a1b727ab82f8788164a784ac",
                             15: "376dd4f42234f1937e190d0e903ce371", 16: "c42ca9bea363ff2e2bb4e54e26e69b20",
                             17: "9481db17a1924d986306859d9ae294c4"],
        "postgres queue": [1: "518a5dc62c68a5a4289a753a1e182a0b", 2: "d7ca6927d374dfae44b1f20b753718a3"],
        "postgres album counts": [1: "9a7f8a381bf04f1051d1a34c005d1203", 2: "0228c5065c03b70bd49ff10c5755a3ce",
                                  3: "1b6a8a075c0b14b8cab7873f226eb32b"],
    ]

    @Test func everyReleasedMigrationKeepsItsText() {
        for (name, migrations) in Self.lists {
            for (version, sql) in migrations {
                let fingerprint = ContentHasher.hash(sql)
                #expect(Self.released[name]?[version] == fingerprint,
                        "\(name) migration \(version) is not as released: write a new migration instead (or, for a new one, add \(fingerprint))")
            }
        }
    }
}

