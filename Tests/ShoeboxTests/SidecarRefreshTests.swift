import Foundation
import Testing
@testable import Shoebox

/// A sidecar edited, added or removed after its photo was catalogued changes the asset's
/// metadata on the next ingest, without decoding the photo again: its thumbnail file is not
/// written again and the ingest reports a catalog update ("moved or touched"), not an ingest.
@Suite struct SidecarRefreshTests {
    @Test func anEditedSidecarUpdatesTheAssetWithoutADecode() throws {
        let setup = try Setup(sidecar: SidecarMetadataTests.packet(attributes: #"xmp:Rating="1""#))
        try setup.writeSidecar(SidecarMetadataTests.packet(attributes: #"xmp:Rating="5" exif:DateTimeOriginal="2001-02-03T04:05:06""#))
        let second = try setup.ingestAgain()
        #expect(second.events == ["relocated"])
        #expect(second.asset.metadata.rating == 5)
        #expect(second.asset.metadata.takenAt == "2001-02-03T04:05:06")
        #expect(second.thumbnailStamp == setup.thumbnailStamp)
        #expect(second.asset.thumbnails == setup.asset.thumbnails)
    }

    @Test func aRemovedSidecarGivesThePhotosOwnValuesBack() throws {
        let setup = try Setup(sidecar: SidecarMetadataTests.packet(attributes: #"exif:DateTimeOriginal="2001-02-03T04:05:06""#))
        #expect(setup.asset.metadata.takenAtSource == .sidecarDateTimeOriginal)
        try FileManager.default.removeItem(at: setup.sidecar)
        let second = try setup.ingestAgain()
        #expect(second.events == ["relocated"])
        #expect(second.asset.metadata.takenAt == "2024-05-01T10:00:00.250+02:00")
        #expect(second.asset.metadata.takenAtSource == .exifDateTimeOriginal)
        #expect(second.thumbnailStamp == setup.thumbnailStamp)
    }

    @Test func aSidecarAddedLaterIsRead() throws {
        let setup = try Setup(sidecar: nil)
        try setup.writeSidecar(SidecarMetadataTests.packet(elements: """
            <dc:subject><rdf:Bag><rdf:li>later</rdf:li></rdf:Bag></dc:subject>
            """))
        let second = try setup.ingestAgain()
        #expect(second.events == ["relocated"])
        #expect(second.asset.metadata.keywords == ["later"])
        #expect(second.thumbnailStamp == setup.thumbnailStamp)
    }

    /// A video's container is opened again for its own dates; no poster frame is decoded.
    @Test func aVideosEditedSidecarUpdatesItWithoutADecode() throws {
        let setup = try Setup(sample: "video/portrait.mp4", name: "clip.mp4",
                              sidecar: SidecarMetadataTests.packet(attributes: #"xmp:Rating="1""#))
        try setup.writeSidecar(SidecarMetadataTests.packet(attributes: #"exif:GPSLatitude="1,30N" exif:GPSLongitude="2,45E""#))
        let second = try setup.ingestAgain()
        #expect(second.events == ["relocated"])
        #expect(second.asset.metadata.location == GPSLocation(latitude: 1.5, longitude: 2.75))
        #expect(second.asset.metadata.rating == nil)
        #expect(second.thumbnailStamp == setup.thumbnailStamp)
    }

    @Test func anUntouchedSidecarLeavesTheAssetUnchanged() throws {
        let setup = try Setup(sidecar: SidecarMetadataTests.packet(attributes: #"xmp:Rating="1""#))
        let second = try setup.ingestAgain()
        #expect(second.events == ["unchanged"])
    }

    /// A photo (or video) with one sidecar, ingested once.
    struct Setup {
        let library: TestLibrary
        let folder: URL
        let photo: URL
        let sidecar: URL
        let asset: AssetRecord
        let thumbnailStamp: [String]

        init(sample: String = "orientation/landscape_1.jpg", name: String = "IMG_1.jpg", sidecar text: String?) throws {
            library = try TestLibrary()
            folder = try library.folder.subfolder("photos")
            photo = folder.appendingPathComponent(name)
            sidecar = folder.appendingPathComponent(name + ".xmp")
            try FileManager.default.copyItem(at: Fixtures.sample(sample), to: photo)
            if let text { try Data(text.utf8).write(to: sidecar) }
            try library.ingest([folder])
            asset = try #require(try library.asset(at: photo))
            thumbnailStamp = try Self.stamp(of: asset, in: library)
        }

        /// Writes the sidecar with a modification time an hour later than now, so that even a
        /// file system with coarse times sees a new stamp.
        func writeSidecar(_ text: String) throws {
            try Data(text.utf8).write(to: sidecar)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: sidecar.path)
        }

        func ingestAgain() throws -> (events: [String], asset: AssetRecord, thumbnailStamp: [String]) {
            var events: [String] = []
            try library.ingest([folder]) { event in
                switch event {
                case .ingested: events.append("ingested")
                case .unchanged: events.append("unchanged")
                case .relocated: events.append("relocated")
                case .failed, .stillFailed: events.append("failed")
                case .skipped, .missing: break
                }
            }
            let asset = try #require(try library.asset(at: photo))
            return (events, asset, try Self.stamp(of: asset, in: library))
        }

        /// Each thumbnail file's inode and modification time: a file written again changes them.
        static func stamp(of asset: AssetRecord, in library: TestLibrary) throws -> [String] {
            try asset.thumbnails.map { thumbnail in
                let path = library.library.absolutePath(thumbnail.relativePath)
                let status = try #require(SourceFile.status(ofPath: path))
                return "\(status.inode) \(status.modifiedNanoseconds)"
            }
        }
    }
}
