import Foundation
import Testing

/// `shoebox watch`, run as a user runs it, with a real inotify watch: it ingests the folders,
/// then picks up what is copied in (into folders made after it started, too) within seconds of
/// the last write, flags what is deleted as missing, and stops cleanly on SIGTERM. Each test
/// waits on the lines the watch prints, never on a clock.
@Suite struct WatchCommandTests {
    let cli = CommandLineTests()

    /// A watch of `folder` into `library`, once it has ingested what was there and waits.
    private func startedWatch(_ folder: URL, library: String, _ extra: [String] = []) throws -> WorkerProcess {
        let watch = try WorkerProcess(["watch", folder.path, "--library", library] + extra, limit: 180)
        #expect(watch.waitForErrorLine(containing: "watch: waiting for changes"), "\(watch.finish().errors)")
        return watch
    }

    /// Writes `source`'s bytes to `target` in two writes, as a copy in progress does.
    private func copyInTwoWrites(_ source: URL, to target: URL) throws {
        let bytes = try Data(contentsOf: source)
        #expect(FileManager.default.createFile(atPath: target.path, contents: nil))
        let handle = try FileHandle(forWritingTo: target)
        try handle.write(contentsOf: bytes.prefix(bytes.count / 2))
        try handle.write(contentsOf: bytes.dropFirst(bytes.count / 2))
        try handle.close()
    }

    @Test func aFileCopiedIntoANewFolderIsIngestedWithinFiveSecondsOfItsLastWrite() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg")])
        let library = folder.url.appendingPathComponent("library").path
        let watch = try startedWatch(photos, library: library)
        #expect(watch.waitForLine(containing: "ingested 1,"))

        let trip = photos.appendingPathComponent("2026/trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        let copied = trip.appendingPathComponent("tall.jpg")
        try copyInTwoWrites(Fixtures.sample("tall.jpg"), to: copied)
        let lastWrite = Date()
        // The watch's own part (noticing, waiting for the writes to pause, starting the ingest)
        // is timed everywhere; the ingest's own start is too, except under a sanitizer, where a
        // process's start-up alone takes seconds.
        #expect(watch.waitForErrorLine(containing: "watch: changes settled; ingesting"))
        let started = Date().timeIntervalSince(lastWrite)
        #expect(watch.waitForErrorLine(containing: "ingested \(copied.path) (photo, 60x600)"))
        let ingested = Date().timeIntervalSince(lastWrite)
        watch.signal(SIGTERM)
        let result = watch.finish()

        #expect(started < 5, "the ingest started \(started) s after the last write")
        if !Fixtures.underSanitizer { #expect(ingested < 5, "ingested \(ingested) s after the last write") }
        #expect(result.signalled && result.status == SIGTERM, "\(result.status) \(result.errors)")
        #expect(result.errors.hasSuffix("watch: stopped by signal 15\n"), "\(result.errors)")
        let listed = try cli.shoebox("list", "--library", library).output
        #expect(listed.contains("\tok\tphoto\t60x600\t") && listed.contains(copied.path), "\(listed)")
    }

    @Test func aFileDeletedFromAWatchedFolderIsFlaggedMissing() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        let library = folder.url.appendingPathComponent("library").path
        let watch = try startedWatch(photos, library: library)

        try FileManager.default.removeItem(at: photos.appendingPathComponent("tall.jpg"))

        #expect(watch.waitForLine(containing: "newly missing 1 "))
        watch.signal(SIGTERM)
        #expect(watch.finish().signalled)
        let rows = try cli.shoebox("list", "--json", "--library", library).output.split(separator: "\n")
        let tall = rows.first { $0.contains("\"path\":\"\(photos.path)/tall.jpg\"") }
        #expect(tall?.contains("\"missing\":true") == true, "\(rows)")
    }

    @Test func aGalleryInsideAWatchedFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg")])

        let result = try cli.shoebox("watch", photos.path, "--library", folder.url.appendingPathComponent("library").path,
                                     "--gallery", photos.appendingPathComponent("web").path)

        #expect(result.status == 64)
        #expect(result.errors.contains("--gallery \(photos.path)/web lies inside \(photos.path): its pages would be ingested"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("library").path))
    }

    @Test func aFileIsNotAFolderToWatch() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg")])

        let result = try cli.shoebox("watch", photos.appendingPathComponent("panorama.jpg").path,
                                     "--library", folder.url.appendingPathComponent("library").path)

        #expect(result.status == 64)
        #expect(result.errors.contains("panorama.jpg is not a folder: watch takes folders (shoebox ingest takes files too)"), "\(result.errors)")
    }
}
