import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Bursts as a user meets them: a burst's photos are listed as one, the camera's cover; all
/// of them with `--include-burst-members`; `shoebox burst pick` chooses another.
@Suite struct BurstCommandTests {
    let cli = CommandLineTests()

    private func library(with names: [String], tagging: (URL, String) throws -> Void = { _, _ in }) throws
        -> (folder: TemporaryFolder, library: String, photos: URL) {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        let picture = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        for name in names {
            try picture.write(to: photos.appendingPathComponent(name))
            try tagging(photos.appendingPathComponent(name), name)
        }
        let library = folder.url.appendingPathComponent("library").path
        let ingest = try cli.shoebox("ingest", photos.path, "--library", library)
        #expect(ingest.status == 0, "\(ingest.errors)")
        return (folder, library, photos)
    }

    private func names(_ output: String) -> [String] {
        output.split(separator: "\n").map { String($0.split(separator: "/").last!) }
    }

    @Test func aNamedBurstIsListedAsItsCoverUntilAnotherIsPicked() throws {
        let frames = ["IMG_20240701_090000000_BURST000.jpg", "IMG_20240701_090000000_BURST001_COVER.jpg",
                      "IMG_20240701_090000000_BURST002.jpg"]
        let (kept, library, photos) = try library(with: frames + ["IMG_0001.jpg"])
        defer { withExtendedLifetime(kept) {} }

        #expect(names(try cli.shoebox("list", "--library", library).output) == ["IMG_0001.jpg", frames[1]])
        #expect(names(try cli.shoebox("list", "--album", "Bursts", "--library", library).output) == [frames[1]])
        #expect(names(try cli.shoebox("list", "--include-burst-members", "--sort", "name", "--library", library).output)
                == ["IMG_0001.jpg"] + frames)

        let picked = try cli.shoebox("burst", "pick", photos.appendingPathComponent(frames[2]).path, "--library", library)
        #expect(picked.status == 0, "\(picked.errors)")
        #expect(names(try cli.shoebox("list", "--album", "Bursts", "--library", library).output) == [frames[2]])

        let refused = try cli.shoebox("burst", "pick", photos.appendingPathComponent("IMG_0001.jpg").path, "--library", library)
        #expect(refused.status == 1 && refused.errors.contains("is not a photo of a burst"))
    }

    /// Google Camera's XMP ties frames whatever their names, and marks the primary one.
    @Test func googleCamerasBurstIDTiesFramesAndItsPrimaryIsShown() throws {
        let (kept, library, _) = try library(with: ["a.jpg", "b.jpg", "c.jpg"]) { file, name in
            try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-XMP-GCamera:BurstID=b9b16484-0edd",
                                             "-XMP-GCamera:BurstPrimary=\(name == "b.jpg" ? 1 : 0)", file.path])
        }
        defer { withExtendedLifetime(kept) {} }
        #expect(names(try cli.shoebox("list", "--library", library).output) == ["b.jpg"])
        #expect(names(try cli.shoebox("list", "--include-burst-members", "--sort", "name", "--library", library).output)
                == ["a.jpg", "b.jpg", "c.jpg"])
    }

    /// A camera's continuous-drive frames (Canon's ContinuousDrive, ExifTool's Canon.jpg)
    /// taken within two seconds of each other are one burst, shown as its first frame; one
    /// taken half a minute later, and another camera's single frame, are photos of their own.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func aCamerasContinuousFramesCloseInTimeAreOneBurst() throws {
        let (kept, library) = try continuousFrames()
        defer { withExtendedLifetime(kept) {} }
        #expect(names(try cli.shoebox("list", "--sort", "name", "--library", library).output) == ["a.jpg", "d.jpg", "single.jpg"])
        #expect(names(try cli.shoebox("list", "--album", "Bursts", "--library", library).output) == ["a.jpg"])
        #expect(names(try cli.shoebox("list", "--include-burst-members", "--sort", "name", "--library", library).output)
                == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "single.jpg"])
    }

    /// A library an earlier Shoebox read (reading version 1, before continuous drive) gets its
    /// bursts from the next ingest, which reads the frames' evidence again.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func anEarlierReadingGetsItsContinuousBurstsOnTheNextIngest() throws {
        let (kept, library) = try continuousFrames()
        defer { withExtendedLifetime(kept) {} }
        try SQLiteConnection(path: library + "/catalog.sqlite").execute("""
            UPDATE assets SET reading_version = 1, drive_camera = NULL, drive_shot = NULL, burst_key = NULL, subtypes = '',
            burst_member = 0, hidden = 0
            """)
        #expect(names(try cli.shoebox("list", "--album", "Bursts", "--library", library).output) == [])
        let again = try cli.shoebox("ingest", kept.url.appendingPathComponent("photos").path, "--library", library)
        #expect(again.output.hasPrefix("ingested 0, unchanged 0, moved or touched 5,"), "\(again.output)")
        #expect(names(try cli.shoebox("list", "--album", "Bursts", "--library", library).output) == ["a.jpg"])
        #expect(names(try cli.shoebox("list", "--sort", "name", "--library", library).output) == ["a.jpg", "d.jpg", "single.jpg"])
    }

    /// Four copies of Canon.jpg taken at 09:00:00, :00, :01 and :30 (a to d), and Olympus2.jpg,
    /// a single frame, at :01, ingested.
    private func continuousFrames() throws -> (TemporaryFolder, String) {
        let camera = try #require(Fixtures.sharedCorpus).appendingPathComponent("exiftool-t")
        let times = ["a.jpg": "09:00:00", "b.jpg": "09:00:00", "c.jpg": "09:00:01", "d.jpg": "09:00:30", "single.jpg": "09:00:01"]
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        for (name, time) in times {
            let source = camera.appendingPathComponent(name == "single.jpg" ? "Olympus2.jpg" : "Canon.jpg")
            try FixtureTool.run("exiftool", ["-q", "-DateTimeOriginal=2024:07:01 \(time)", "-o",
                                             photos.appendingPathComponent(name).path, source.path])
        }
        let library = folder.url.appendingPathComponent("library").path
        let ingest = try cli.shoebox("ingest", photos.path, "--library", library)
        #expect(ingest.status == 0 && ingest.output.hasPrefix("ingested 5,"), "\(ingest.output)\(ingest.errors)")
        return (folder, library)
    }
}
