import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Opening an older catalog brings it up to date without losing or mixing up an asset.
@Suite struct CatalogMigrationTests {
    /// Version 4 stored a path as its own text; version 5 stores `PathText`, which writes a
    /// backslash before `x` or another backslash doubled. Such rows are rewritten, even when a
    /// row's new text is another row's old text.
    @Test func pathsWithBackslashesAreRewrittenAsPathText() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("catalog.sqlite").path
        do {
            let old = try SQLiteConnection(path: path)
            try CatalogSchema.migrate(old, path: path, upTo: 4)
            let rows = [#"/p/plain.jpg"#, #"/p/a\x41.jpg"#, #"/p/a\\x41.jpg"#, #"/p/back\slash.jpg"#]
            for (id, stored) in rows.enumerated() {
                try old.statement("""
                    INSERT INTO assets (id, path, root, kind, file_size, mtime_ns, status, seen_run, added_at, updated_at)
                    VALUES (?, ?, '/p', 'photo', 1, 1, 'ok', 1, '2024-01-01T00:00:00', '2024-01-01T00:00:00')
                    """).bind(Int64(id + 1), stored).run()
            }
        }

        let catalog = try SQLiteCatalog(path: path)

        #expect(try catalog.asset(path: #"/p/plain.jpg"#)?.id == 1)
        #expect(try catalog.asset(path: #"/p/a\\x41.jpg"#)?.id == 2)
        #expect(try catalog.asset(path: #"/p/a\\\\x41.jpg"#)?.id == 3)
        #expect(try catalog.asset(path: #"/p/back\slash.jpg"#)?.id == 4)
    }

    /// Rows catalogued before resource grouping get their group key on upgrade, and an edited
    /// export already catalogued as two assets becomes one.
    @Test func anEditedExportCataloguedBeforeGroupingIsGroupedOnUpgrade() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("catalog.sqlite").path
        do {
            let old = try SQLiteConnection(path: path)
            try CatalogSchema.migrate(old, path: path, upTo: CatalogSchema.groupingMigration)
            for (id, name) in ["IMG_1234.HEIC", "IMG_E1234.JPG", "IMG_0001.JPG"].enumerated() {
                try old.statement("""
                    INSERT INTO assets (id, path, root, kind, format, file_size, mtime_ns, status, seen_run, added_at, updated_at)
                    VALUES (?, ?, '/p', 'photo', 'jpeg', 1, 1, 'ok', 1, '2024-01-01T00:00:00', '2024-01-01T00:00:00')
                    """).bind(Int64(id + 1), "/p/" + name).run()
            }
        }

        let catalog = try SQLiteCatalog(path: path)

        var listed: [String] = []
        try catalog.forEachAsset { listed.append($0.path) }
        #expect(listed == ["/p/IMG_0001.JPG", "/p/IMG_E1234.JPG"])
        #expect(try catalog.resources(ofAsset: 1).map { "\($0.type.rawValue) \($0.path)" }
                == ["photo /p/IMG_1234.HEIC", "fullSizePhoto /p/IMG_E1234.JPG"])
    }
}
