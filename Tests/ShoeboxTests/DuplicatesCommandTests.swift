import Foundation
import Testing
@testable import Shoebox

/// `shoebox duplicates` lists the files that hold the same bytes, the most space to reclaim
/// first, and only reads the catalog.
@Suite struct DuplicatesCommandTests {
    /// Two copies of panorama.jpg (20547 bytes), three of photo.heic (3483 bytes), one of
    /// tall.jpg, and a third panorama.jpg that is gone from disk (flagged missing).
    func library() throws -> (library: TestLibrary, photos: URL) {
        let library = try TestLibrary()
        let photos = try library.folder.subfolder("photos")
        let copies = [("panorama.jpg", "a/panorama.jpg"), ("panorama.jpg", "b/pano copy.jpg"), ("panorama.jpg", "c/gone.jpg"),
                      ("photo.heic", "a/photo.heic"), ("photo.heic", "b/photo.heic"), ("photo.heic", "c/photo.heic"),
                      ("tall.jpg", "a/tall.jpg")]
        for (sample, copy) in copies {
            let destination = photos.appendingPathComponent(copy)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Fixtures.sample(sample), to: destination)
        }
        try library.ingest([photos])
        try FileManager.default.removeItem(at: photos.appendingPathComponent("c/gone.jpg"))
        #expect(try library.ingest([photos]).missing == 1)
        return (library, photos)
    }

    func hash(_ library: TestLibrary, _ file: URL) throws -> String {
        try #require(try library.asset(at: file)?.contentHash)
    }

    @Test func groupsComeLargestFirstByBytesReclaimable() throws {
        let (library, photos) = try library()
        let result = try ShoeboxBinary.run(["duplicates", "--library", library.library.root.path])
        #expect(result.status == 0 && result.errors.isEmpty)
        let p = photos.path
        #expect(result.output == """
            2 copies of 20547 bytes: 20547 bytes reclaimable (hash \(try hash(library, photos.appendingPathComponent("a/panorama.jpg"))))
              \(p)/a/panorama.jpg
              \(p)/b/pano copy.jpg
            3 copies of 3483 bytes: 6966 bytes reclaimable (hash \(try hash(library, photos.appendingPathComponent("a/photo.heic"))))
              \(p)/a/photo.heic
              \(p)/b/photo.heic
              \(p)/c/photo.heic
            2 groups of duplicates: 27513 bytes reclaimable

            """)
    }

    @Test func jsonIsOneObjectAGroup() throws {
        let (library, photos) = try library()
        let result = try ShoeboxBinary.run(["duplicates", "--json", "--library", library.library.root.path])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["contentHash"] as? String == (try hash(library, photos.appendingPathComponent("a/panorama.jpg"))))
        #expect(first["copies"] as? Int == 2 && first["fileSize"] as? Int == 20547 && first["reclaimableBytes"] as? Int == 20547)
        #expect(first["paths"] as? [String] == [photos.appendingPathComponent("a/panorama.jpg").path,
                                                photos.appendingPathComponent("b/pano copy.jpg").path])
    }

    @Test func aLibraryWithoutDuplicatesSaysSo() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("tall.jpg")])
        let result = try ShoeboxBinary.run(["duplicates", "--library", library.library.root.path])
        #expect(result.status == 0 && result.output == "no duplicates\n")
    }

    @Test func helpAndUsage() throws {
        let help = try ShoeboxBinary.run(["duplicates", "--help"])
        #expect(help.status == 0 && help.output.contains("USAGE: shoebox duplicates [--library DIR] [--catalog URL] [--json]"))
        let overview = try ShoeboxBinary.run(["--help"])
        #expect(overview.output.contains("  duplicates              List the files that hold the same bytes"))
        let library = try TestLibrary()
        let extra = try ShoeboxBinary.run(["duplicates", "extra", "--library", library.library.root.path])
        #expect(extra.status == 64 && extra.errors.hasPrefix("Error: duplicates takes no arguments\nUsage: shoebox duplicates"))
    }
}
