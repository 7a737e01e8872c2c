import Foundation
import Testing

/// libvips, libpq, LibRaw, libde265 and dav1d are opened by the first call that needs them
/// (CLazyLibraries), not when the program starts: libvips's 125 libraries, which Debian links to
/// be bound at once, cost a command that opens no image 20 of its 25 ms of CPU, libpq's 19 (TLS,
/// Kerberos, LDAP) a third of what was left in every run without a PostgreSQL catalog, and
/// LibRaw (with libgomp), libde265 and dav1d half a millisecond more. The dynamic linker's own
/// trace (LD_DEBUG=files) says what a run loaded.
@Suite struct LazyLibrariesTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, trace: String) {
        let run = try ShoeboxBinary.run(arguments, environment: ["LD_DEBUG": "files"])
        #expect(run.errors.contains("file=libsqlite3.so.0 [0];  needed by"), "the dynamic linker's trace is missing")
        return (run.status, run.errors)
    }

    @Test func helpLoadsNoLibraryItDoesNotUse() throws {
        let (status, trace) = try run(["--help"])
        #expect(status == 0)
        for library in ["libvips.so", "libpq.so", "libraw_r.so", "libde265.so", "libdav1d.so"] {
            #expect(!trace.contains("file=\(library)"), "\(library)")
        }
    }

    @Test func aRAWsMetadataLoadsLibRawAndAJPEGsDoesNot() throws {
        let raw = try run(["metadata", Fixtures.repository.appendingPathComponent("Tests/Fixtures/raw/preview.dng").path])
        #expect(raw.status == 0)
        #expect(raw.trace.contains("file=libraw_r.so.20 [0];  dynamically loaded by"))

        let jpeg = try run(["metadata", Fixtures.sample("orientation/landscape_1.jpg").path])
        #expect(jpeg.status == 0)
        #expect(!jpeg.trace.contains("file=libraw_r.so"))
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

    @Test func aLibraryOnItsOwnSQLiteCatalogNeverLoadsLibpq() throws {
        let library = try TemporaryFolder()
        let ingest = try run(["ingest", Fixtures.sample("orientation/landscape_1.jpg").path, "--library", library.url.path])
        #expect(ingest.status == 0)
        #expect(!ingest.trace.contains("file=libpq.so"))
    }

    @Test(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
    func aPostgreSQLCatalogLoadsLibpqOnFirstUse() throws {
        let library = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let ingest = try run(["ingest", Fixtures.sample("orientation/landscape_1.jpg").path,
                              "--library", library.url.appendingPathComponent("pg").path, "--catalog", uri])
        #expect(ingest.status == 0, "\(ingest.trace.suffix(2000))")
        #expect(ingest.trace.contains("file=libpq.so.5 [0];  dynamically loaded by"))

        let list = try run(["list", "--library", library.url.appendingPathComponent("pg").path, "--catalog", uri])
        #expect(list.status == 0)
        #expect(list.trace.contains("file=libpq.so.5 [0];  dynamically loaded by"))
    }
}
