import Foundation
import Testing
@testable import Shoebox

/// Every command that reads or writes a catalog takes `--catalog URL` (and `SHOEBOX_CATALOG`),
/// checks it before any work, and opens it through `CatalogFactory`.
@Suite struct CatalogOptionTests {
    let folder: TemporaryFolder
    let library: String

    init() throws {
        folder = try TemporaryFolder()
        library = folder.url.appendingPathComponent("library").path
    }

    static let catalogCommands = ["ingest", "list", "show", "albums", "album", "covers", "contact-sheet", "duplicates",
                                  "gallery", "gc"]

    @Test(arguments: catalogCommands)
    func everyCatalogCommandDocumentsTheOption(command: String) throws {
        let help = try ShoeboxBinary.run([command, "--help"]).output
        #expect(help.contains("[--catalog URL]"))
        #expect(help.contains("--catalog URL           The catalog: sqlite:PATH or a PATH"))
        #expect(help.contains("$SHOEBOX_CATALOG"))
    }

    @Test func anEmptyCatalogIsAUsageError() throws {
        for arguments in [["--catalog", ""], ["--catalog="]] {
            let result = try ShoeboxBinary.run(["list", "--library", library] + arguments)
            #expect(result.status == 64)
            #expect(result.errors.hasPrefix("Error: --catalog needs a value, not an empty one\nUsage: shoebox list"))
        }
    }

    @Test func anUnknownSchemeIsAUsageErrorNamingIt() throws {
        let result = try ShoeboxBinary.run(["albums", "--library", library, "--catalog", "mysql://db/photos"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --catalog: unknown catalog scheme \"mysql\""))
        let fromEnvironment = try ShoeboxBinary.run(["albums", "--library", library], environment: ["SHOEBOX_CATALOG": "redis://x"])
        #expect(fromEnvironment.status == 64)
        #expect(fromEnvironment.errors.hasPrefix("Error: SHOEBOX_CATALOG: unknown catalog scheme \"redis\""))
    }

    @Test(arguments: ["postgres://shoebox:pw@/photos?host=/nonexistent", "postgresql:///photos?host=/nonexistent"])
    func aPostgreSQLCatalogWithNoServerFailsCleanly(location: String) throws {
        let result = try ShoeboxBinary.run(["list", "--library", library, "--catalog", location])
        #expect(result.status == 1)
        let shown = location.replacingOccurrences(of: ":pw@", with: ":***@")
        #expect(result.errors.hasPrefix("Error: PostgreSQL: cannot connect to \(shown): connection to server on socket"))
        #expect(!result.errors.contains(":pw@") && result.errors.hasSuffix("\n") && result.errors.split(separator: "\n").count == 1)
    }

    /// An ingest into `--catalog sqlite:PATH` writes that file, not the library's own; a
    /// later command finds it by the option or by `SHOEBOX_CATALOG`.
    @Test func anSQLiteCatalogElsewhereIsTheOneWrittenAndRead() throws {
        let elsewhere = folder.url.appendingPathComponent("elsewhere é.sqlite").path
        let ingest = try ShoeboxBinary.run(["ingest", Fixtures.sample("panorama.jpg").path, "--library", library,
                                            "--catalog", "sqlite:" + elsewhere, "--quiet"])
        #expect(ingest.status == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere))
        #expect(!FileManager.default.fileExists(atPath: library + "/catalog.sqlite"))
        let byOption = try ShoeboxBinary.run(["list", "--library", library, "--catalog", elsewhere])
        #expect(byOption.output.hasSuffix("panorama.jpg\n"))
        let byVariable = try ShoeboxBinary.run(["list", "--library", library], environment: ["SHOEBOX_CATALOG": elsewhere])
        #expect(byVariable.output == byOption.output)
        let optionFirst = try ShoeboxBinary.run(["list", "--library", library, "--catalog", library + "/none.sqlite"],
                                                environment: ["SHOEBOX_CATALOG": elsewhere])
        #expect(optionFirst.status == 64)
        #expect(optionFirst.errors.hasPrefix("Error: no catalog at \(library)/none.sqlite"))
    }

    /// An empty variable counts as unset, as an empty `SHOEBOX_LIBRARY` does: the default.
    @Test func anEmptyVariableMeansTheLibrarysCatalog() throws {
        #expect(try ShoeboxBinary.run(["ingest", Fixtures.sample("panorama.jpg").path, "--library", library, "--quiet"],
                                      environment: ["SHOEBOX_CATALOG": ""]).status == 0)
        #expect(FileManager.default.fileExists(atPath: library + "/catalog.sqlite"))
    }
}
