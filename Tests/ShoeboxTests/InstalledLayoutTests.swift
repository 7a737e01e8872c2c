import Foundation
import Testing
@testable import Shoebox

/// An installed Shoebox: the binary in `usr/bin`, its pipelines and places data in
/// `usr/share/shoebox`, started from PATH by its name, from a folder that holds neither.
@Suite struct InstalledLayoutTests {
    @Test func aBinaryStartedFromPathFindsItsFilesBesideIt() throws {
        let folder = try TemporaryFolder()
        let bin = try folder.subfolder("root/usr/bin"), share = try folder.subfolder("root/usr/share/shoebox")
        let pipelines = share.appendingPathComponent("pipelines")
        try FileManager.default.createDirectory(at: pipelines, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ShoeboxBinary.url, to: bin.appendingPathComponent("shoebox"))
        try FileManager.default.copyItem(at: Fixtures.repository.appendingPathComponent("pipelines/default.json"),
                                         to: pipelines.appendingPathComponent("default.json"))
        try FileManager.default.copyItem(at: Fixtures.repository.appendingPathComponent("data/places.bin.gz"),
                                         to: share.appendingPathComponent("places.bin.gz"))
        let elsewhere = try folder.subfolder("elsewhere"), library = folder.url.appendingPathComponent("library").path
        func shoebox(_ arguments: String) throws -> (status: Int32, output: String, errors: String) {
            try ToolProcess.run("/usr/bin/env", ["-u", "SHOEBOX_PIPELINES", "-u", "SHOEBOX_PLACES",
                                                                 "PATH=\(bin.path):/usr/bin:/bin", "/bin/sh", "-c",
                                                                 "cd '\(elsewhere.path)' && exec shoebox \(arguments)"], input: "")
        }
        let ingest = try shoebox("ingest '\(Fixtures.sample("orientation").path)' --library '\(library)' --quiet")
        #expect(ingest.status == 0 && ingest.output.hasPrefix("ingested 8,"), "\(ingest.errors)")
        #expect(try shoebox("places --library '\(library)'").output.contains("\tcity\tParis, Île-de-France, France\t"))
    }
}
