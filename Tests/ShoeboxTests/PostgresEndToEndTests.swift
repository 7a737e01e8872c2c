import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The built binary with `--catalog postgres://...`: the bundled samples ingested into a
/// PostgreSQL catalog list exactly as they do from the library's own SQLite catalog.
@Suite(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
struct PostgresEndToEndTests {
    /// `list` lines without their first column, and `albums` lines without their last: ids,
    /// which depend on the order the pipeline's workers finished in.
    func withoutIDs(_ output: String, listing: [String]) -> [String] {
        output.split(separator: "\n").map { line in
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if listing == ["albums"] { fields.removeLast() } else { fields.removeFirst() }
            return fields.joined(separator: "\t")
        }
    }

    /// The ingest's summary line, without its timing.
    func summary(_ result: ShoeboxBinary.Result) -> String? {
        (result.output + result.errors).split(separator: "\n").last { $0.hasPrefix("ingested ") && $0.contains(", unchanged") }
            .map { $0.components(separatedBy: " in ").first ?? "" }
    }

    @Test func samplesIngestedIntoPostgreSQLListAsWithSQLite() throws {
        let folder = try TemporaryFolder()
        let uri = try PostgresServer.makeDatabase()
        let samples = Fixtures.samples.path
        let sqliteLibrary = folder.url.appendingPathComponent("sqlite").path
        let postgresLibrary = folder.url.appendingPathComponent("postgres").path

        let sqliteIngest = try ShoeboxBinary.run(["ingest", samples, "--library", sqliteLibrary])
        let postgresIngest = try ShoeboxBinary.run(["ingest", samples, "--library", postgresLibrary, "--catalog", uri])
        #expect(postgresIngest.status == sqliteIngest.status, "\(postgresIngest.errors)")
        #expect(summary(postgresIngest) == "ingested 42, unchanged 0, moved or touched 0, failed 2, still failed 0, skipped 1, newly missing 0")
        #expect(summary(postgresIngest) == summary(sqliteIngest))
        #expect(!FileManager.default.fileExists(atPath: postgresLibrary + "/catalog.sqlite"))

        for listing in [["list"], ["list", "--sort", "name"], ["list", "--kind", "livePhoto"], ["albums"]] {
            let fromSQLite = try ShoeboxBinary.run(listing + ["--library", sqliteLibrary])
            let fromPostgres = try ShoeboxBinary.run(listing + ["--library", postgresLibrary, "--catalog", uri])
            #expect(fromPostgres.status == 0, "\(listing): \(fromPostgres.errors)")
            #expect(withoutIDs(fromPostgres.output, listing: listing) == withoutIDs(fromSQLite.output, listing: listing), "\(listing)")
            #expect(!fromPostgres.output.isEmpty, "\(listing)")
        }
    }

    /// libpq's variables for what `uri` names (host or socket folder, port, user, database).
    func libpqEnvironment(_ uri: String) throws -> [String: String] {
        let components = try #require(URLComponents(string: uri))
        var environment = ["PGDATABASE": String(components.path.dropFirst())]
        for item in components.queryItems ?? [] {
            if let value = item.value, ["host", "port", "user"].contains(item.name) { environment["PG" + item.name.uppercased()] = value }
        }
        if let host = components.host, !host.isEmpty { environment["PGHOST"] = host }
        if let port = components.port { environment["PGPORT"] = String(port) }
        if let user = components.user { environment["PGUSER"] = user }
        return environment
    }

    /// `postgresql://` with nothing after it is libpq's defaults: its environment variables
    /// say where the catalog is, given by --catalog or by SHOEBOX_CATALOG.
    @Test func anEmptyURIReadsLibpqsEnvironment() throws {
        let uri = try PostgresServer.makeDatabase()
        let catalog = try PostgresCatalog(uri: uri)
        let status = SourceFile.Status(size: 1, modifiedNanoseconds: 1, device: 1, inode: 1)
        try catalog.record(AssetDraft(file: DiscoveredFile(path: "/photos/a.jpg", root: "/photos", status: status), existingID: nil),
                           run: try catalog.beginRun(roots: ["/photos"]))
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        let environment = try libpqEnvironment(uri)
        let byOption = try ShoeboxBinary.run(["list", "--library", library, "--catalog", "postgresql://"], environment: environment)
        #expect(byOption.status == 0, "\(byOption.errors)")
        #expect(byOption.output.hasSuffix("\t/photos/a.jpg\n"))
        let byVariable = try ShoeboxBinary.run(["list", "--library", library],
                                               environment: environment.merging(["SHOEBOX_CATALOG": "postgresql://"]) { a, _ in a })
        #expect(byVariable.output == byOption.output, "\(byVariable.errors)")
    }
}
