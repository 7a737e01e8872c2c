import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `takenAtSource` names the tag and the block it was found in; catalogs written before it did
/// are read with the new names.
@Suite struct TakenAtSourceTests {
    /// Rows as an earlier Shoebox stored them (`DateTimeOriginal`, `CreateDate` for a still's
    /// DateTimeDigitized and for a video's container time, `CreationDate`), read through the
    /// catalog with the names of today; today's names and unknown text go through as they are.
    @Test func catalogRowsStoredBeforeAreReadWithTheirBlockNamed() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("catalog.sqlite").path
        let rows: [(path: String, kind: String, format: String, stored: String)] = [
            ("/p/a.jpg", "photo", "jpeg", "DateTimeOriginal"),
            ("/p/b.jpg", "photo", "jpeg", "CreateDate"),
            ("/p/c.heic", "photo", "heic", "CreateDate"),
            ("/p/d.mp4", "video", "mp4", "CreateDate"),
            ("/p/e.mkv", "video", "matroska", "CreateDate"),
            ("/p/f.avi", "video", "avi", "CreateDate"),
            ("/p/g.mov", "video", "mp4", "CreationDate"),
            ("/p/h.png", "photo", "png", "FileModifyDate"),
            ("/p/i.tif", "photo", "tiff", "Exif IFD0 DateTime"),
            ("/p/j.jpg", "photo", "jpeg", "Sidecar from the future"),
        ]
        do {
            let old = try SQLiteConnection(path: path)
            try CatalogSchema.migrate(old, path: path)
            for (id, row) in rows.enumerated() {
                try old.statement("""
                    INSERT INTO assets (id, path, root, kind, format, file_size, mtime_ns, taken_at, taken_at_source,
                                        status, seen_run, added_at, updated_at)
                    VALUES (?, ?, '/p', ?, ?, 1, 1, '2024-01-01T00:00:00', ?, 'ok', 1, '2024-01-01T00:00:00', '2024-01-01T00:00:00')
                    """).bind(Int64(id + 1), row.path, row.kind, row.format, row.stored).run()
            }
        }

        let catalog = try SQLiteCatalog(path: path)
        let read = try rows.map { try catalog.asset(path: $0.path)?.metadata.takenAtSource?.rawValue }

        #expect(read == ["Exif DateTimeOriginal", "Exif DateTimeDigitized", "Exif DateTimeDigitized",
                         "QuickTime mvhd CreationTime", "Matroska DateUTC", "AVI IDIT",
                         "QuickTime com.apple.quicktime.creationdate", "FileModifyDate", "Exif IFD0 DateTime", nil])
    }

    /// What `show` and `list --json` print is the stored name.
    @Test func showPrintsTheSourceWithItsBlock() throws {
        let library = try TestLibrary()
        let folder = try library.folder.folder("photos", copying: [Fixtures.sample("orientation/landscape_1.jpg")])
        try library.ingest([folder])
        let output = try ShoeboxBinary.run(["show", folder.appendingPathComponent("landscape_1.jpg").path,
                                            "--library", library.library.root.path])
        #expect(output.output.contains(#""takenAtSource" : "Exif DateTimeOriginal""#))
    }
}
