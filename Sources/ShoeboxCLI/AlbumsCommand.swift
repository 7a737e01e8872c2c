import Foundation
import Shoebox

enum AlbumsCommand: Command {
    static let name = "albums"
    static let abstract = "List the albums, largest first, with their counts and covers."
    static let help = """
        OVERVIEW: \(abstract)
        Smart albums first, each listed even when empty, in a fixed order: All Photos,
        Favorites, Videos, Live Photos, Selfies, Portrait, Animated, RAW, Panoramas, Screenshots,
        Screen Recordings, Slo-mo, Time-lapse, Bursts, Recently Added, Hidden (computed from the
        catalog at each listing; docs/CATALOG.md says what each needs).
        Then folder albums (every folder holding assets, titled by its path relative to its
        ingested root) and user albums (see 'shoebox album'). Only assets an album shows are
        counted: catalogued without error and still on disk; folder and user albums that show
        none are not listed.
        Without --json, one tab-separated line per album: count, kind, title, counts per kind,
        and the cover asset's id (the cover images' records are not read: only --json lists them).

        USAGE: shoebox albums [--library DIR] [--catalog URL] [--json]

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --json                  One JSON object a line per album: title, kind (smart, folder or user),
                                  count, counts (per asset kind), coverAsset (an asset id) and
                                  covers ([{name, width, height, path}], from 'shoebox covers').
          -h, --help              Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: ["--json"])
        guard args.positionals.isEmpty else { throw UsageError("albums takes no arguments") }
        let library = LibraryOption.library(args)
        let catalog = try CatalogOption.open(args, library: library)
        let json = args.has("--json")
        // The lines print no cover images: they are not read (on a large catalog, most of what a listing sends).
        for album in try catalog.smartAlbums(includingCovers: json) + catalog.albums(includingCovers: json) {
            Output.line(json ? try AlbumJSON.line(album, library: library) : row(album))
        }
        return ExitStatus.success
    }

    private static func row(_ album: AlbumSummary) -> String {
        let cover = album.coverAssetID.map { "\($0)" } ?? "-"
        let title = TerminalText.printable(album.album.title)   // a folder's name may hold a newline
        return "\(album.count)\t\(album.album.kind.rawValue)\t\(title)\t\(album.counts)\t\(cover)"
    }
}
