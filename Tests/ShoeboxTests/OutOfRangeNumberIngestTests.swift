import Foundation
import Testing
@testable import Shoebox

/// Files whose numbers are out of any range (`xmp:Rating="1e19"`, a movie header declaring
/// 9e12 seconds), run through the built `shoebox` as a user runs it: a number Shoebox cannot
/// use is a field left unread, never a crash (SIGILL, from Swift's checked conversions) and
/// never a failed asset. A crash in an ingest's child is a failed file, so a photo whose
/// sidecar crashed the refresh left its albums.
@Suite struct OutOfRangeNumberIngestTests {
    static let hugeRating = SidecarMetadataTests.packet(attributes: #"xmp:Rating="1e19" exif:DateTimeOriginal="2001-02-03T04:05:06""#,
                                                        elements: #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Kept</rdf:li></rdf:Alt></dc:title>"#)

    @Test func metadataOfAPhotoWhoseSidecarRatingIsHugeHasTheSidecarsOtherFields() throws {
        let folder = try TemporaryFolder()
        let photo = folder.url.appendingPathComponent("IMG_1.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: photo)
        try Data(Self.hugeRating.utf8).write(to: folder.url.appendingPathComponent("IMG_1.jpg.xmp"))

        let run = try ShoeboxBinary.run(["metadata", photo.path])

        #expect(run.status == 0 && !run.signalled, "\(run.errors)")
        #expect(run.output == "\(photo.path)\tjpeg\t360x240\t2001-02-03T04:05:06\tXMP sidecar exif:DateTimeOriginal\tShoebox Sample Camera\t-\n")
    }

    @Test func metadataOfAPhotoWhoseOwnRatingIsHuge() throws {
        let folder = try TemporaryFolder()
        let photo = folder.url.appendingPathComponent("IMG_1.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: photo)
        try Self.writeOwnXMP(rating: "1e19", title: "Kept", into: photo)

        let run = try ShoeboxBinary.run(["metadata", photo.path])

        #expect(run.status == 0 && !run.signalled, "\(run.errors)")
        #expect(run.output == "\(photo.path)\tjpeg\t360x240\t2024-05-01T10:00:00.250+02:00\tExif DateTimeOriginal\tShoebox Sample Camera\t-\n")
    }

    /// The case of the report: catalogued, then a sidecar is dropped beside it. The refresh reads
    /// the sidecar's title and date, leaves its rating out, and the photo stays in its album.
    @Test func aHugeSidecarRatingDroppedBesideACataloguedPhotoLeavesItOkInItsAlbum() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let photo = folder.appendingPathComponent("IMG_1.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: photo)
        let first = try ShoeboxBinary.run(["ingest", folder.path, "--library", library.library.root.path])
        try #require(first.status == 0, "\(first.errors)")
        try #require(try Self.albums(library) == ["folder photos: photo 1"])

        let sidecar = folder.appendingPathComponent("IMG_1.jpg.xmp")
        try Data(Self.hugeRating.utf8).write(to: sidecar)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: sidecar.path)
        let second = try ShoeboxBinary.run(["ingest", folder.path, "--library", library.library.root.path])

        #expect(second.status == 0, "\(second.errors)")
        let asset = try #require(try library.asset(at: photo))
        #expect(asset.status == .ok, "\(asset.errorMessage ?? "")")
        #expect(asset.metadata.rating == nil)
        #expect(asset.metadata.title == "Kept")
        #expect(asset.metadata.takenAt == "2001-02-03T04:05:06")
        #expect(try Self.albums(library) == ["folder photos: photo 1"])
    }

    @Test func aPhotoWhoseOwnRatingIsHugeIsIngestedWithoutIt() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let photo = folder.appendingPathComponent("IMG_1.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: photo)
        try Self.writeOwnXMP(rating: "1e19", title: "Kept", into: photo)

        let run = try ShoeboxBinary.run(["ingest", folder.path, "--library", library.library.root.path])

        #expect(run.status == 0, "\(run.errors)")
        let asset = try #require(try library.asset(at: photo))
        #expect(asset.status == .ok, "\(asset.errorMessage ?? "")")
        #expect(asset.metadata.rating == nil)
        #expect(asset.metadata.title == "Kept")
    }

    /// A version 1 movie header declaring 9e12 seconds (in milliseconds), with the track's
    /// time base as it was (1/15360) or made 1/1e9: the poster's seek point, 0.1 of the way,
    /// is then 9e20 ticks, past `Int64`. The poster is taken from the start.
    @Test(arguments: [nil, 1_000_000_000] as [UInt32?])
    func aVideoDeclaringNineTrillionSecondsIsIngested(trackTimescale: UInt32?) throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("videos")
        let video = folder.appendingPathComponent("clip.mp4")
        try Self.makeMP4(at: video, movieTimescale: 1000, movieDuration: 9_000_000_000_000_000, trackTimescale: trackTimescale)

        let run = try ShoeboxBinary.run(["ingest", folder.path, "--library", library.library.root.path])

        #expect(run.status == 0 && !run.signalled, "\(run.errors)")
        let asset = try #require(try library.asset(at: video))
        #expect(asset.status == .ok, "\(asset.errorMessage ?? "")")
        #expect(asset.kind == .video)
        #expect(asset.details.durationSeconds == 9e12)
        #expect(asset.width == 180 && asset.height == 320)
        #expect(!asset.thumbnails.isEmpty)
    }

    // MARK: helpers

    static func albums(_ library: TestLibrary) throws -> [String] {
        try library.catalog.albums().map { "\($0.album.kind.rawValue) \($0.album.title): \($0.counts)" }
    }

    /// exiftool writes `xmp:Rating` as given (it takes `1e19` for a real number).
    static func writeOwnXMP(rating: String, title: String, into photo: URL) throws {
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-XMP-xmp:Rating=\(rating)", "-XMP-dc:Title=\(title)", photo.path])
    }

    /// `samples/video/portrait.mp4` remuxed by ffmpeg (its `moov` box last, after `mdat`), its
    /// version 0 `mvhd` rewritten as version 1 with `movieTimescale` and the 64-bit
    /// `movieDuration`, and its track's `mdhd` timescale set to `trackTimescale` when given.
    /// Growing the last box by 12 bytes moves no sample: only `mvhd`'s and `moov`'s sizes change.
    static func makeMP4(at url: URL, movieTimescale: UInt32, movieDuration: UInt64, trackTimescale: UInt32?) throws {
        try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-i", Fixtures.sample("video/portrait.mp4").path, "-c", "copy", url.path])
        var bytes = [UInt8](try Data(contentsOf: url))
        func uint32(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            (0..<T.bitWidth / 8).map { UInt8(truncatingIfNeeded: value >> (T.bitWidth - 8 - 8 * $0)) }
        }
        /// The first box of `type` laid end to end in `start..<end`.
        func box(_ type: String, from start: Int, to end: Int) -> (start: Int, end: Int)? {
            ISOBoxList.boxes(in: bytes, from: start, to: end).first { $0.type == type }.map { ($0.start, $0.end) }
        }
        let moov = try #require(box("moov", from: 0, to: bytes.count))
        try #require(moov.end == bytes.count, "ffmpeg wrote moov before the samples")
        let mvhd = try #require(box("mvhd", from: moov.start + 8, to: moov.end))
        try #require(bytes[mvhd.start + 8] == 0, "mvhd is version 0")
        // Version 0: version and flags (4), creation and modification times (4 each), timescale
        // (4), duration (4), then the rest; version 1 has 8-byte times and duration.
        let body = mvhd.start + 8
        let times = (UInt64(uint32(at: body + 4)), UInt64(uint32(at: body + 8)))
        let payload = [1] + bytes[body + 1..<body + 4] + bigEndian(times.0) + bigEndian(times.1) + bigEndian(movieTimescale)
            + bigEndian(movieDuration) + bytes[body + 20..<mvhd.end]
        bytes.replaceSubrange(mvhd.start..<mvhd.end, with: bigEndian(UInt32(8 + payload.count)) + Array("mvhd".utf8) + payload)
        bytes.replaceSubrange(moov.start..<moov.start + 4,
                              with: bigEndian(UInt32(moov.end - moov.start + 8 + payload.count - (mvhd.end - mvhd.start))))
        if let trackTimescale {
            let trak = try #require(box("trak", from: moov.start + 8, to: bytes.count))
            let mdia = try #require(box("mdia", from: trak.start + 8, to: trak.end))
            let mdhd = try #require(box("mdhd", from: mdia.start + 8, to: mdia.end))
            try #require(bytes[mdhd.start + 8] == 0, "mdhd is version 0")
            bytes.replaceSubrange(mdhd.start + 20..<mdhd.start + 24, with: bigEndian(trackTimescale))
        }
        try Data(bytes).write(to: url)
    }
}
