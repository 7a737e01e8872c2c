import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `shoebox albums`, `album`, `covers` and the fetch options of `list`, run as a user runs them.
@Suite struct AlbumCommandLineTests {
    let cli = CommandLineTests()

    /// A library holding samples/orientation and samples/panorama.jpg. Ids follow the order
    /// in which ingest finished each file, so tests look them up by file.
    final class Library {
        let folder: TemporaryFolder
        let path: String

        init(_ cli: CommandLineTests) throws {
            folder = try TemporaryFolder()
            path = folder.url.appendingPathComponent("library").path
            _ = try cli.shoebox("ingest", Fixtures.sample("orientation").path, Fixtures.sample("panorama.jpg").path, "--library", path)
        }

        func id(_ sample: String) throws -> String {
            let catalog = try SQLiteCatalog(path: URL(fileURLWithPath: path).appendingPathComponent("catalog.sqlite").path)
            return "\(try #require(try catalog.asset(path: Fixtures.sample(sample).path)).id)"
        }

        func landscape(_ tag: Int) throws -> String { try id("orientation/landscape_\(tag).jpg") }
        func panorama() throws -> String { try id("panorama.jpg") }
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// The first column (the id) of each line of `list`.
    func ids(_ text: String) -> [String] { lines(text).map { String($0.prefix { $0 != "\t" }) } }

    @Test func everyAlbumCommandHasHelp() throws {
        for command in ["albums", "album", "covers", "list"] {
            let result = try cli.shoebox(command, "--help")
            #expect(result.status == 0)
            #expect(result.output.contains("USAGE: shoebox \(command)"))
            #expect(result.output.contains("OPTIONS:"))
        }
        let overview = try cli.shoebox("--help").output
        #expect(overview.contains("  albums ") && overview.contains("  album ") && overview.contains("  covers "))
    }

    @Test func albumsListsLargestFirstWithCountsAndCover() throws {
        let library = try Library(cli)
        let result = try cli.shoebox("albums", "--library", library.path)
        #expect(result.status == 0)
        // Smart albums first, every one; the cover of a smart or folder album is its newest
        // asset: panorama.jpg (2024-06-01), landscape_8 (2024-05-08); Recently Added's the last added.
        let (pano, eight) = (try library.panorama(), try library.landscape(8))
        let recent = try #require(lines(try cli.shoebox("list", "--album", "Recently Added", "--library", library.path).output).first)
        #expect(lines(result.output) == ["9\tsmart\tAll Photos\tphoto 9\t\(pano)",
                                         "0\tsmart\tFavorites\tempty\t-",
                                         "0\tsmart\tVideos\tempty\t-",
                                         "0\tsmart\tLive Photos\tempty\t-",
                                         "0\tsmart\tSelfies\tempty\t-",
                                         "0\tsmart\tPortrait\tempty\t-",
                                         "0\tsmart\tAnimated\tempty\t-",
                                         "0\tsmart\tRAW\tempty\t-",
                                         "1\tsmart\tPanoramas\tphoto 1\t\(pano)",
                                         "0\tsmart\tScreenshots\tempty\t-",
                                         "0\tsmart\tScreen Recordings\tempty\t-",
                                         "0\tsmart\tSlo-mo\tempty\t-",
                                         "0\tsmart\tTime-lapse\tempty\t-",
                                         "0\tsmart\tBursts\tempty\t-",
                                         "9\tsmart\tRecently Added\tphoto 9\t\(ids(recent)[0])",
                                         "0\tsmart\tHidden\tempty\t-",
                                         "8\tfolder\torientation\tphoto 8\t\(eight)",
                                         "1\tfolder\tsamples\tphoto 1\t\(pano)"])
    }

    @Test func albumsJSONHasEveryDocumentedField() throws {
        let library = try Library(cli)
        let result = try cli.shoebox("albums", "--json", "--library", library.path)
        let objects = try lines(result.output).map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 18)   // 16 smart albums, 2 folders
        #expect(objects.first??["kind"] as? String == "smart" && objects.first??["title"] as? String == "All Photos")
        let first = try #require(objects.first { $0?["kind"] as? String == "folder" } ?? nil)
        #expect(Set(first.keys) == ["title", "kind", "count", "counts", "coverAsset", "covers"])
        #expect(first["title"] as? String == "orientation" && first["kind"] as? String == "folder")
        let newest = try library.landscape(8)
        #expect(first["count"] as? Int == 8 && "\(first["coverAsset"] as? Int ?? 0)" == newest)
        #expect(first["counts"] as? [String: Int] == ["photo": 8, "video": 0, "livePhoto": 0, "gif": 0])
        #expect((first["covers"] as? [Any])?.isEmpty == true)
    }

    @Test func albumCreateIsIdempotentAndEditsPrintTheOrder() throws {
        let library = try Library(cli)
        let (one, two, pano) = (try library.landscape(1), try library.landscape(2), try library.panorama())
        func album(_ arguments: String...) throws -> String {
            try cli.shoebox(["album"] + arguments + ["--library", library.path]).output
        }
        #expect(try album("create", "Trip") == "created user album \"Trip\"\n")
        #expect(try album("create", "Trip") == "user album \"Trip\" already exists\n")
        #expect(try album("add", "Trip", one, Fixtures.sample("panorama.jpg").path, two) == "user album \"Trip\": 3 assets: \(one) \(pano) \(two)\n")
        #expect(try album("insert", "Trip", two, "--at", "0") == "user album \"Trip\": 3 assets: \(two) \(one) \(pano)\n")
        #expect(try album("reorder", "Trip", pano) == "user album \"Trip\": 3 assets: \(pano) \(two) \(one)\n")
        #expect(try album("remove", "Trip", two) == "user album \"Trip\": 2 assets: \(pano) \(one)\n")
        #expect(try album("rename", "Trip", "Holiday") == "renamed user album \"Trip\" to \"Holiday\"\n")
        #expect(lines(try cli.shoebox("albums", "--library", library.path).output).contains("2\tuser\tHoliday\tphoto 2\t\(pano)"))
        #expect(try album("delete", "Holiday") == "deleted user album \"Holiday\"; its assets are untouched\n")
        #expect(lines(try cli.shoebox("list", "--library", library.path).output).count == 9, "every asset is still there")
    }

    @Test func albumCoverSetsTheKeyAssetOfAFolderAlbum() throws {
        let library = try Library(cli)
        let two = try library.landscape(2)
        let result = try cli.shoebox("album", "cover", "orientation", two, "--library", library.path)
        #expect(result.output == "the cover of folder album \"orientation\" is asset \(two)\n")
        #expect(lines(try cli.shoebox("albums", "--library", library.path).output).contains("8\tfolder\torientation\tphoto 8\t\(two)"))
        let panorama = try library.panorama()
        let refused = try cli.shoebox("album", "cover", "orientation", panorama, "--library", library.path)
        #expect(refused.status == 1 && refused.errors == "Error: asset \(panorama) is not in album \"orientation\"\n")
    }

    @Test func albumMistakesAreReported() throws {
        let library = try Library(cli)
        #expect(try cli.shoebox("album", "frobnicate", "x", "--library", library.path).status == 64)
        let noPosition = try cli.shoebox("album", "insert", "Trip", "1", "--library", library.path)
        #expect(noPosition.status == 64 && noPosition.errors.hasPrefix("Error: album insert needs --at N"))
        let folder = try cli.shoebox("album", "add", "orientation", "1", "--library", library.path)
        #expect(folder.status == 1 && folder.errors.hasPrefix("Error: \"orientation\" is a folder album"))
        let missing = try cli.shoebox("album", "add", "Nowhere", "1", "--library", library.path)
        #expect(missing.status == 1 && missing.errors == "Error: no album \"Nowhere\" (see shoebox albums)\n")
        _ = try cli.shoebox("album", "create", "Trip", "--library", library.path)
        let noAsset = try cli.shoebox("album", "add", "Trip", "/no/such/photo.jpg", "--library", library.path)
        #expect(noAsset.status == 1 && noAsset.errors == "Error: no asset /no/such/photo.jpg in the catalog\n")
    }

    @Test func listFetchesByKindInTheOrderAsked() throws {
        let library = try Library(cli)
        let result = try cli.shoebox("list", "--kind", "photo", "--sort", "-taken", "--limit", "3", "--library", library.path)
        #expect(result.status == 0)
        #expect(ids(result.output) == [try library.panorama(), try library.landscape(8), try library.landscape(7)])
    }

    @Test func listFetchesADateRangeWithWholeDaysAndPages() throws {
        let library = try Library(cli)
        let range = try cli.shoebox("list", "--since", "2024-05-03", "--until", "2024-05-04", "--library", library.path)
        #expect(ids(range.output) == [try library.landscape(3), try library.landscape(4)])
        let page = try cli.shoebox("list", "--sort", "name", "--offset", "7", "--limit", "5", "--library", library.path)
        #expect(ids(page.output) == [try library.landscape(8), try library.panorama()])
    }

    @Test func listFetchesAnAlbumInItsOrder() throws {
        let library = try Library(cli)
        let order = [try library.landscape(5), try library.panorama(), try library.landscape(1)]
        _ = try cli.shoebox("album", "create", "Trip", "--library", library.path)
        _ = try cli.shoebox(["album", "add", "Trip"] + order + ["--library", library.path])
        let result = try cli.shoebox("list", "--album", "Trip", "--json", "--library", library.path)
        let objects = try lines(result.output).map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.map { "\($0?["id"] as? Int ?? 0)" } == order)
        let missing = try cli.shoebox("list", "--album", "Nowhere", "--library", library.path)
        #expect(missing.status == 1 && missing.errors == "Error: no album \"Nowhere\" (see shoebox albums)\n")
    }

    @Test func listFetchMistakesAreUsageErrors() throws {
        let library = try Library(cli)
        let sort = try cli.shoebox("list", "--sort", "sideways", "--library", library.path)
        #expect(sort.status == 64 && sort.errors.hasPrefix("Error: --sort takes taken, added, name or album"))
        let date = try cli.shoebox("list", "--since", "2024/05/01", "--library", library.path)
        #expect(date.status == 64 && date.errors.hasPrefix("Error: --since takes YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]"))
        #expect(try cli.shoebox("list", "--kind", "movie", "--library", library.path).status == 64)
        #expect(try cli.shoebox("list", "--limit", "-1", "--library", library.path).status == 64)
    }

    @Test func coversRendersOnceAndRecordsTheImages() throws {
        let library = try Library(cli)
        let first = try cli.shoebox("covers", "--size", "64", "--library", library.path)
        #expect(first.status == 0)
        // Five albums with assets: All Photos, Panoramas, Recently Added, orientation, samples.
        // Albums of the same cover asset or first four share an image: rendered once, then unchanged.
        #expect(first.output.hasPrefix("albums 5, images rendered "))
        #expect(first.output.contains(", albums failed 0, unused files removed 0 in "))
        #expect(first.errors.contains("rendered folder album \"orientation\": cover-64, mosaic-64"))
        #expect(first.errors.contains("rendered smart album \"All Photos\": cover-64, mosaic-64"))
        let again = try cli.shoebox("covers", "--size", "64", "--library", library.path)
        #expect(again.output.hasPrefix("albums 5, images rendered 0, unchanged 10, albums failed 0, unused files removed 0 in "))
        let json = try #require(lines(try cli.shoebox("albums", "--json", "--library", library.path).output).first)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let covers = try #require(object?["covers"] as? [[String: Any]])
        let described = covers.map { cover -> String in
            "\(cover["name"] as? String ?? "") \(cover["width"] as? Int ?? 0)x\(cover["height"] as? Int ?? 0)"
        }
        #expect(described == ["cover-64 64x64", "mosaic-64 64x64"])
        #expect(covers.allSatisfy { FileManager.default.fileExists(atPath: $0["path"] as? String ?? "") })
        #expect(try cli.shoebox("covers", "--size", "8", "--library", library.path).status == 64)
    }

    @Test func coversGoesOnPastAnAlbumThatFailsAndExits1() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        let good = try folder.folder("photos/good", copying: [Fixtures.sample("panorama.jpg")])
        let changed = try folder.folder("photos/changed", copying: [Fixtures.sample("tall.jpg")])
        _ = try cli.shoebox("ingest", good.deletingLastPathComponent().path, "--library", library)
        try Data(contentsOf: Fixtures.sample("photo.webp")).write(to: changed.appendingPathComponent("tall.jpg"))
        let result = try cli.shoebox("covers", "--size", "32", "--library", library)
        #expect(result.status == 1)
        // All Photos, Recently Added and changed show the changed file; Panoramas and good do not
        // (good's two images are Panoramas', made just before).
        #expect(result.output.hasPrefix("albums 5, images rendered 2, unchanged 2, albums failed 3, "))
        #expect(result.errors.contains("failed changed: asset "))
        #expect(result.errors.contains("changed on disk since it was catalogued; run `shoebox ingest` first"))
    }
}

extension CommandLineTests {
    /// `shoebox(...)` with the arguments in an array, for helpers that build them.
    func shoebox(_ arguments: [String]) throws -> Result {
        try ShoeboxBinary.run(arguments)
    }
}
