import Foundation
import Testing
@testable import Shoebox

/// Files whose numbers are out of any range (`xmp:Rating="1e19"` in a sidecar or in the file),
/// run through the built `shoebox` as a user runs it: a number Shoebox cannot
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

    // MARK: helpers

    static func albums(_ library: TestLibrary) throws -> [String] {
        try library.catalog.albums().map { "\($0.album.kind.rawValue) \($0.album.title): \($0.counts)" }
    }

    /// exiftool writes `xmp:Rating` as given (it takes `1e19` for a real number).
    static func writeOwnXMP(rating: String, title: String, into photo: URL) throws {
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-XMP-xmp:Rating=\(rating)", "-XMP-dc:Title=\(title)", photo.path])
    }
}
