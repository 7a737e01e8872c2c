import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Folder-album titles, decided in Swift: the rule every backend stores.
@Suite struct FolderAlbumTitleTests {
    static let cases: [(path: String, root: String, title: String)] = [
        ("/photos/2024/Paris/a.jpg", "/photos", "2024/Paris"),
        ("/photos/2024/Paris/a.jpg", "/photos/", "2024/Paris"),
        ("/photos/2024/a.jpg", "/photos", "2024"),
        ("/photos/a.jpg", "/photos", "photos"),
        ("/photos/a.jpg", "/photos//", "photos"),
        ("/srv/Фото/Été 2024/a.jpg", "/srv/Фото", "Été 2024"),
        ("/srv/Фото/a.jpg", "/srv/Фото", "Фото"),
        ("/srv/bad\\xff/x/a.jpg", "/srv/bad\\xff", "x"),
        ("/a.jpg", "/", "/"),
        ("/2024/a.jpg", "/", "2024"),
        ("/elsewhere/x/a.jpg", "/photos", "/elsewhere/x"),
        ("/photosynthesis/a.jpg", "/photos", "/photosynthesis"),
        ("/photos/x//a.jpg", "/photos", "x/"),
    ]

    @Test(arguments: cases)
    func aFolderAlbumIsTheFolderRelativeToItsRoot(path: String, root: String, title: String) {
        #expect(FolderAlbumTitle.title(path: path, root: root) == title)
    }

    /// The SQLite backend derives `album_folder` in SQL (a generated column, from the albums
    /// migration): it must say what the Swift rule says, for the table above and for paths
    /// made of every awkward piece (slashes, non-ASCII, escaped bytes, a dot).
    @Test func sqliteDerivesTheSameTitles() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("catalog.sqlite").path
        let db = try SQLiteConnection(path: path)
        try CatalogSchema.migrate(db, path: path)
        var pairs = Self.cases.map { ($0.path, $0.root) }
        let pieces = ["/", "a", "é", "Фото", "\\xff", ".", "b c"]
        for a in pieces { for b in pieces { for c in pieces {
            pairs.append(("/r" + a + b + "/" + c + "/f.jpg", "/r" + a))
            pairs.append(("/" + a + "/" + b + c + "/f.jpg", "/" + a + b))
        } } }
        for (index, pair) in pairs.enumerated() {
            try db.statement("""
                INSERT INTO assets (path, root, kind, file_size, mtime_ns, status, seen_run, added_at, updated_at)
                VALUES (?, ?, 'photo', 0, 0, 'ok', 1, '', '')
                """).bind("\(pair.0)#\(index)", pair.1).run()
        }
        let rows = try db.statement("SELECT path, root, album_folder FROM assets")
        var checked = 0
        while try rows.step() {
            let path = rows.text("path")
            let original = String(path[..<path.lastIndex(of: "#")!])
            #expect(FolderAlbumTitle.title(path: original, root: rows.text("root")) == rows.text("album_folder"),
                    "path \(original) root \(rows.text("root"))")
            checked += 1
        }
        #expect(checked == pairs.count)
    }
}
