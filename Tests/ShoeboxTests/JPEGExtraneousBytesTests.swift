import Foundation
import Testing
@testable import Shoebox

/// A JPEG with a few junk bytes between two of its header segments is whole: libjpeg skips
/// them with a warning ("Corrupt JPEG data: 3 extraneous bytes before marker 0xdb"), as
/// ImageMagick and exiftool read past them. It is catalogued ok, with the warning, never
/// called truncated (as it was before: the segment walk stopped at the junk).
@Suite struct JPEGExtraneousBytesTests {
    /// tall.jpg with `junk` inserted after its first segment (APP1, before DQT).
    static func withJunk(_ junk: [UInt8]) throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.sample("tall.jpg")))
        let firstSegmentEnd = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        return Data(bytes[..<firstSegmentEnd] + junk + bytes[firstSegmentEnd...])
    }

    @Test func junkBetweenSegmentsIsCountedAndTheFileIsNotTruncated() throws {
        let data = try Self.withJunk([0x00, 0x12, 0x34])

        data.withUnsafeBytes { raw in
            #expect(JPEGStructure.extraneousBytesBeforeFirstScan(raw) == 3)
            #expect(!JPEGStructure.isTruncated(raw))
        }
    }

    @Test func aWellFormedJPEGHasNone() throws {
        let data = try Data(contentsOf: Fixtures.sample("tall.jpg"))

        #expect(data.withUnsafeBytes { JPEGStructure.extraneousBytesBeforeFirstScan($0) } == 0)
    }

    @Test func itIsCataloguedOkWithAWarning() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Self.withJunk([0x00, 0x12, 0x34]).write(to: root.appendingPathComponent("junk.jpg"))

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.failed) == (1, 0))
        let asset = try #require(try library.asset(at: root.appendingPathComponent("junk.jpg")))
        #expect(asset.width == 60 && asset.height == 600)
        #expect(asset.metadata.takenAt == "2024-06-02T09:15:00")
        #expect(asset.warning == "3 extraneous bytes between the JPEG's segments, skipped as libjpeg does")
    }
}
