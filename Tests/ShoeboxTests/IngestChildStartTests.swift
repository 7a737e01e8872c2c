import Foundation
import Testing

/// A supervised `shoebox ingest` starts the executable once: its ingest process is a copy of
/// the supervisor (`sb_supervisor_fork`), not a second start, whose dynamic linking of
/// libvips's ~125 libraries cost ~40 ms of one core. The dynamic linker's log
/// (`LD_DEBUG=files`, inherited by every process the command starts) names the C library
/// once for each start of the executable. Only starts of Shoebox's executable count: under
/// AddressSanitizer the runtime starts `llvm-symbolizer` too.
@Suite struct IngestChildStartTests {
    @Test func aSupervisedIngestStartsTheExecutableOnce() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg")])
        let library = folder.url.appendingPathComponent("library").path

        let run = try ShoeboxBinary.run(["ingest", photos.path, "--library", library, "--quiet"],
                                        environment: ["LD_DEBUG": "files"])

        #expect(run.status == 0)
        #expect(run.output.hasPrefix("ingested 1, unchanged 0,"))
        let starts = run.errors.split(separator: "\n").filter {
            $0.contains("file=libc.so.6 [0];  needed by \(ShoeboxBinary.url.path) [0]")
        }
        #expect(starts.count == 1)
    }
}
