import Foundation
import Testing

/// A supervised `shoebox ingest` starts the executable once: its ingest process is a copy of
/// the supervisor (`sb_supervisor_fork`), not a second start, whose dynamic linking of
/// libvips's ~125 libraries cost ~40 ms of one core. The dynamic linker's log
/// (`LD_DEBUG=files`, inherited by every process the command starts) names the C library
/// once for each start of the executable. Only starts of Shoebox's executable count: under
/// AddressSanitizer the runtime starts `llvm-symbolizer` too. The one other start is the
/// command's own restart with glibc's huge-page tunable (`HugePageTuning`), before it has
/// loaded anything but its own libraries; a caller who set the tunable sees none.
@Suite struct IngestChildStartTests {
    /// How many times an ingest of one photo starts the executable, with `environment`.
    private func starts(_ environment: [String: String]) throws -> Int {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg")])
        let library = folder.url.appendingPathComponent("library").path

        let run = try ShoeboxBinary.run(["ingest", photos.path, "--library", library, "--quiet"],
                                        environment: environment.merging(["LD_DEBUG": "files"]) { $1 })

        #expect(run.status == 0)
        #expect(run.output.hasPrefix("ingested 1, unchanged 0,"))
        return run.errors.split(separator: "\n").filter {
            $0.contains("file=libc.so.6 [0];  needed by \(ShoeboxBinary.url.path) [0]")
        }.count
    }

    @Test func aSupervisedIngestStartsTheExecutableOnce() throws {
        #expect(try starts(["GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"]) == 1)
    }

    @Test func theHugePageRestartIsTheOnlyOtherStart() throws {
        #expect(try starts([:]) == 2)
    }
}
