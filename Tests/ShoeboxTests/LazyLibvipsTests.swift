import Foundation
import Testing

/// libvips is opened by the first call that needs it (CVipsLazy), not when the program starts:
/// its 125 libraries, which Debian links to be bound at once, cost a command that opens no
/// image 20 of its 25 ms of CPU. The dynamic linker's own trace (LD_DEBUG=files) says what a
/// run loaded.
@Suite struct LazyLibvipsTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, trace: String) {
        let run = try ShoeboxBinary.run(arguments, environment: ["LD_DEBUG": "files"])
        #expect(run.errors.contains("file=libsqlite3.so.0 [0];  needed by"), "the dynamic linker's trace is missing")
        return (run.status, run.errors)
    }

    @Test func helpNeverLoadsLibvips() throws {
        let (status, trace) = try run(["--help"])
        #expect(status == 0)
        #expect(!trace.contains("file=libvips.so"))
    }

    @Test func theFirstImageDecodedLoadsLibvipsAndAListingDoesNot() throws {
        let library = try TemporaryFolder()
        let ingest = try run(["ingest", Fixtures.sample("orientation/landscape_1.jpg").path, "--library", library.url.path])
        #expect(ingest.status == 0)
        #expect(ingest.trace.contains("file=libvips.so.42 [0];  dynamically loaded by"))

        let list = try run(["list", "--library", library.url.path])
        #expect(list.status == 0)
        #expect(!list.trace.contains("file=libvips.so"))
    }
}
