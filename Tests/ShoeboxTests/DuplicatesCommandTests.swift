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

    /// The issue's case: after `rm b`, a.jpg is the last copy and must not be listed as one of two.
    @Test func aCopyRemovedSinceTheIngestLeavesNoGroupBehind() throws {
        let (library, photos) = try library()
        try FileManager.default.removeItem(at: photos.appendingPathComponent("b/pano copy.jpg"))

        let result = try ShoeboxBinary.run(["duplicates", "--library", library.library.root.path])

        #expect(result.status == 0)
        #expect(!result.output.contains("panorama.jpg"), "\(result.output)")
        #expect(result.output.hasSuffix("1 group of duplicates: 6966 bytes reclaimable\n"))
        #expect(result.errors == "note: 1 catalogued copy was left out: 1 gone from disk; run shoebox ingest to catalogue them as they are\n")
    }

    @Test func aCopyOverwrittenSinceTheIngestIsLeftOut() throws {
        let (library, photos) = try library()
        let overwritten = photos.appendingPathComponent("c/photo.heic")
        try Data(contentsOf: Fixtures.sample("tall.jpg")).write(to: overwritten)

        let result = try ShoeboxBinary.run(["duplicates", "--json", "--library", library.library.root.path])

        let heic = try #require(result.output.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { ($0["fileSize"] as? Int) == 3483 })
        #expect(heic["paths"] as? [String] == [photos.appendingPathComponent("a/photo.heic").path,
                                               photos.appendingPathComponent("b/photo.heic").path])
        #expect(result.errors.hasPrefix("note: 1 catalogued copy was left out: 1 changed since the last ingest"))
    }

    /// Bytes changed in place with the size and time put back: only `--verify` reads them.
    @Test func verifyLeavesOutACopyWhoseBytesChangedUnderTheSameSizeAndTime() throws {
        let (library, photos) = try library()
        let changed = photos.appendingPathComponent("b/pano copy.jpg")
        var bytes = try Data(contentsOf: changed)
        bytes[bytes.count - 3] ^= 0xFF
        try bytes.write(to: changed)
        let ingested = try #require(try library.asset(at: changed)).modifiedNanoseconds
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2),   // UTIME_OMIT: the access time stays
                     timespec(tv_sec: Int(ingested / 1_000_000_000), tv_nsec: Int(ingested % 1_000_000_000))]
        try #require(utimensat(AT_FDCWD, changed.path, &times, 0) == 0)

        let plain = try ShoeboxBinary.run(["duplicates", "--library", library.library.root.path])
        let verified = try ShoeboxBinary.run(["duplicates", "--verify", "--library", library.library.root.path])

        #expect(plain.output.contains("pano copy.jpg"))
        #expect(!verified.output.contains("panorama.jpg"), "\(verified.output)")
        #expect(verified.errors.hasPrefix("note: 1 catalogued copy was left out: 1 holding other bytes than catalogued"))
    }

    @Test func hardLinksToOneFileAreOneCopy() throws {
        let library = try TestLibrary()
        let photos = try library.folder.subfolder("photos")
        let (first, second) = (photos.appendingPathComponent("a.jpg"), photos.appendingPathComponent("b.jpg"))
        try FileManager.default.copyItem(at: Fixtures.sample("tall.jpg"), to: first)
        try #require(link(first.path, second.path) == 0)
        try library.ingest([photos])

        let result = try ShoeboxBinary.run(["duplicates", "--library", library.library.root.path])

        #expect(result.output == "no duplicates\n")
        #expect(result.errors == "note: 1 catalogued copy was left out: 1 hard links to a listed file\n")
    }

    @Test func aLibraryWithoutDuplicatesSaysSo() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("tall.jpg")])
        let result = try ShoeboxBinary.run(["duplicates", "--library", library.library.root.path])
        #expect(result.status == 0 && result.output == "no duplicates\n")
    }

    @Test func helpAndUsage() throws {
        let help = try ShoeboxBinary.run(["duplicates", "--help"])
        #expect(help.status == 0 && help.output.contains("USAGE: shoebox duplicates [--library DIR] [--catalog URL] [--verify] [--json]"))
        let overview = try ShoeboxBinary.run(["--help"])
        #expect(overview.output.contains("  duplicates              List the files that hold the same bytes"))
        let library = try TestLibrary()
        let extra = try ShoeboxBinary.run(["duplicates", "extra", "--library", library.library.root.path])
        #expect(extra.status == 64 && extra.errors.hasPrefix("Error: duplicates takes no arguments\nUsage: shoebox duplicates"))
    }
}
