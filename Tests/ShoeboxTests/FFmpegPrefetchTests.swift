import Foundation
import Testing

/// An ingest handed files that need FFmpeg loads it on libvips's start-up thread, beside the
/// library lock and the catalog's creation, not in the first worker after them
/// (`FFmpegPrefetch`): the whole of FFmpeg for a video, libavcodec alone for a HEIC, none of
/// it for JPEGs. Seen through the dynamic linker's log (`LD_DEBUG=files`) of an ingest whose
/// catalog cannot be opened, so that no worker ever starts: what is mapped was loaded at start.
@Suite struct FFmpegPrefetchTests {
    /// Not under ThreadSanitizer: its runtime's own thread means the process is never alone,
    /// so no start-up thread is started (`VipsStartup`) and nothing is loaded ahead.
    @Test(.disabled(if: Fixtures.underThreadSanitizer, "ThreadSanitizer's own thread: no start-up thread there"))
    func anIngestOfAVideoLoadsFFmpegBeforeAnyWorker() throws {
        let errors = try ingestWithoutACatalog(Fixtures.sample("video/portrait.mp4"))

        #expect(errors.contains("file=libavformat.so"))
        #expect(errors.contains("file=libavcodec.so"))
    }

    @Test(.disabled(if: Fixtures.underThreadSanitizer, "ThreadSanitizer's own thread: no start-up thread there"))
    func anIngestOfAHEICLoadsFFmpegsCodecsAlone() throws {
        let errors = try ingestWithoutACatalog(Fixtures.sample("photo.heic"))

        #expect(errors.contains("file=libavcodec.so"))
        #expect(!errors.contains("file=libavformat.so"))
    }

    @Test func anIngestOfJPEGsLoadsNoFFmpeg() throws {
        let errors = try ingestWithoutACatalog(Fixtures.sample("panorama.jpg"))

        #expect(errors.contains("Error: "))
        #expect(!errors.contains("file=libavcodec.so"))
    }

    /// The standard error of an ingest of `file` given as a path (so its format is known at
    /// start) into a catalog in a folder that does not exist: it fails before any file is read.
    private func ingestWithoutACatalog(_ file: URL) throws -> String {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        let catalog = folder.url.appendingPathComponent("no-such-folder/catalog.sqlite").path
        let run = try ShoeboxBinary.run(["ingest", file.path, "--library", library, "--catalog", catalog, "--quiet"],
                                        launcher: VipsLazyStartTests.launcher)
        #expect(run.status == 1)
        return run.errors
    }
}
