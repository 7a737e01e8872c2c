import Foundation
import Testing
@testable import Shoebox

/// Broken files are recorded as failed, one row each, and never stop the batch they are in.
@Suite struct BrokenFileTests {
    /// The corpus's broken JPEGs (`jpg/invalid/`, `jpg/corrupted.jpg`: files that sent other
    /// readers into loops or crashes) next to one good photo. The folder's README is not copied:
    /// it describes the files, it is not one of them.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func corpusBrokenFilesAreRecordedAndTheRunCompletes() throws {
        let jpg = Fixtures.corpus("exif-samples/jpg")
        let invalid = try FileManager.default
            .contentsOfDirectory(at: jpg.appendingPathComponent("invalid"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension.lowercased() == "jpg" }
        let broken = invalid + [jpg.appendingPathComponent("corrupted.jpg")]
        try #require(invalid.count == 7, "expected the 7 JPEGs of jpg/invalid/, found \(invalid.count)")
        let good = jpg.appendingPathComponent("Canon_40D.jpg")

        let library = try TestLibrary()
        let inbox = try library.folder.folder("inbox", copying: broken + [good])
        let summary = try library.ingest([inbox])
        let assets = try library.assets()

        #expect(summary.ingested + summary.failed == broken.count + 1)
        #expect(assets.count == broken.count + 1)
        let goodRow = try #require(rows(assets, for: inbox.appendingPathComponent(good.lastPathComponent)).first)
        #expect(goodRow.status == .ok)
        for file in broken {
            let found = rows(assets, for: inbox.appendingPathComponent(file.lastPathComponent))
            #expect(found.count == 1, "\(file.lastPathComponent): \(found.count) catalog rows")
            if let row = found.first { expectOKOrExplainedFailure(row, file.lastPathComponent) }
        }
    }

    /// The repo's two broken samples fail with their own error class; every other sample in the
    /// same run is ingested.
    @Test func brokenSamplesFailWithTheirClassWhileTheBatchGoesOn() throws {
        let library = try TestLibrary()
        let inbox = try library.folder.subfolder("inbox").appendingPathComponent("samples")
        try FileManager.default.copyItem(at: Fixtures.samples, to: inbox)
        let media = try mediaFiles(under: inbox)
        try #require(media.count == 44, "expected the 44 media files of samples/, found \(media.count)")

        let summary = try library.ingest([inbox])
        let assets = try library.assets()

        #expect(summary.failed == 2)
        let truncated = try #require(rows(assets, for: inbox.appendingPathComponent("broken/truncated.jpg")).first)
        #expect(truncated.status == .failed)
        #expect(truncated.errorClass == .damaged)
        #expect(!(truncated.errorMessage ?? "").isEmpty)
        let notAnImage = try #require(rows(assets, for: inbox.appendingPathComponent("broken/not-an-image.jpg")).first)
        #expect(notAnImage.status == .failed)
        #expect(notAnImage.errorClass == .unsupported)
        #expect(!(notAnImage.errorMessage ?? "").isEmpty)
        for file in media where file.deletingLastPathComponent().lastPathComponent != "broken" {
            // A Live Photo's video is listed through its still, but has its own catalog row.
            let row = try library.catalog.asset(path: IngestPipeline.resolve(file.path))
            #expect(row?.status == .ok, "\(file.lastPathComponent): \(row?.errorMessage ?? "no row")")
        }
    }

    /// A failure names the stage it happened in; one that Shoebox's own checks found has no
    /// library cause.
    @Test func aFailureNamesItsStage() throws {
        let library = try TestLibrary()
        let inbox = try library.folder.folder("inbox", copying: [Fixtures.sample("broken/truncated.jpg"),
                                                                Fixtures.sample("broken/not-an-image.jpg")])
        _ = try library.ingest([inbox])
        let truncated = try #require(try library.catalog.asset(path: IngestPipeline.resolve(inbox.appendingPathComponent("truncated.jpg").path)))
        let notAnImage = try #require(try library.catalog.asset(path: IngestPipeline.resolve(inbox.appendingPathComponent("not-an-image.jpg").path)))
        #expect(truncated.errorStage == .decode && truncated.errorCause == nil)
        #expect(notAnImage.errorStage == .read && notAnImage.errorCause == nil)
    }

    /// A RAW LibRaw refused keeps LibRaw's name, error number and words in the catalog.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func libRawsRefusalKeepsItsCodeAndMessage() throws {
        let library = try TestLibrary()
        let inbox = try library.folder.folder("inbox", copying: [Fixtures.corpus("exiftool-t/FujiFilm.raf")])
        _ = try library.ingest([inbox])
        let raw = try #require(try library.asset(at: inbox.appendingPathComponent("FujiFilm.raf")))
        #expect(raw.errorStage == .decode)
        #expect(raw.errorCause == LibraryCause(library: "LibRaw", code: "-100009", message: "unpack: Input/output error"))
    }

    /// A JPEG libvips refused keeps libvips's words. libvips keeps one error buffer for the
    /// whole process (it cannot tie a message to the call that failed: libvips issue 5010), so
    /// the ingest runs in a process of its own, where no other test's failure can take the
    /// message first.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func libvipsRefusalKeepsItsMessage() throws {
        let library = try TestLibrary()
        let inbox = try library.folder.folder("inbox", copying: [Fixtures.corpus("exif-samples/jpg/corrupted.jpg")])
        let run = try ShoeboxBinary.run(["ingest", inbox.path, "--library", library.library.root.path])
        #expect(run.status == 1, "\(run.errors)")
        let jpeg = try #require(try library.asset(at: inbox.appendingPathComponent("corrupted.jpg")))
        #expect(jpeg.errorStage == .decode)
        #expect(jpeg.errorCause?.library == "libvips" && jpeg.errorCause?.code == nil)
        #expect(jpeg.errorCause?.message.contains("Corrupt JPEG data: premature end of data segment") == true)
    }

    private func rows(_ assets: [AssetRecord], for file: URL) -> [AssetRecord] {
        let path = IngestPipeline.resolve(file.path)
        return assets.filter { $0.path == path }
    }

    /// ok, or failed with a class and a message that says why.
    private func expectOKOrExplainedFailure(_ row: AssetRecord, _ name: String) {
        switch row.status {
        case .ok:
            #expect(row.errorClass == nil, "\(name): ok with error class \(String(describing: row.errorClass))")
        case .failed:
            #expect(row.errorClass != nil, "\(name): failed without an error class")
            #expect(!(row.errorMessage ?? "").isEmpty, "\(name): failed without a message")
        }
    }

    /// Every file under `folder` except the README, recursively.
    private func mediaFiles(under folder: URL) throws -> [URL] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .map { folder.appendingPathComponent($0) }
            .filter { url in
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                    && url.lastPathComponent != "README.md"
            }
    }
}
