import Foundation
import Testing
@testable import Shoebox

/// `shoebox ingest PATH --covers --gallery DIR`: the whole job in one command.
@Suite struct IngestFollowUpTests {
    @Test func oneCommandIngestsRendersCoversAndWritesTheGallery() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library"), out = folder.url.appendingPathComponent("gallery")
        let run = try ShoeboxBinary.run(["ingest", Fixtures.samples.path, "--library", library.path, "--covers",
                                         "--gallery", out.path, "--quiet"])
        #expect(run.status == 1, "the samples' two broken files fail; covers and gallery follow all the same")
        #expect(run.output.contains("ingested 42,") && run.output.contains("albums 16, images rendered ")
                && run.output.contains("gallery in \(out.path): 16 albums"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
        #expect(!run.errors.contains("rendered "), "--quiet: the covers are not listed one by one: \(run.errors)")
        let again = try ShoeboxBinary.run(["ingest", Fixtures.samples.path, "--library", library.path, "--covers",
                                           "--gallery", out.path, "--quiet"])
        #expect(again.output.contains("ingested 0, unchanged 42") && again.output.contains("albums 16, images rendered 0, unchanged 32,")
                && again.output.contains("0 files written, 42 unchanged, 0 removed"), "\(again.output)")
    }

    @Test func jsonLinesAreTheIngestsAlone() throws {
        let folder = try TemporaryFolder()
        let run = try ShoeboxBinary.run(["ingest", Fixtures.samples.path, "--library", folder.url.appendingPathComponent("l").path,
                                         "--json", "--gallery", folder.url.appendingPathComponent("g").path])
        #expect(run.status == 64 && run.errors.hasPrefix("Error: --json writes the ingest's lines alone"))
    }
}
