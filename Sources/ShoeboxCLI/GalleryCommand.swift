import Foundation
import Shoebox

enum GalleryCommand: Command {
    static let name = "gallery"
    static let abstract = "Write a static HTML gallery of the library: albums, photos, failures."
    static let help = """
        OVERVIEW: \(abstract)
        A folder of plain HTML pages that opens from file:// with no network and no server:
        index.html lists the albums (largest first, with covers and counts), each album's
        pages show its assets in justified rows by their thumbnails' aspect (panoramas wide,
        very tall images narrow), and failures.html lists every failed file by error class.
        Click a photo for a larger view and its date, camera and place. The pages point at
        the library's thumbnails (by a relative path) and at the original files.

        Written only into a new or empty folder, or one Shoebox made a gallery in before (its
        shoebox-gallery file); only Shoebox's own files there are written or removed, never
        through a link. Each page appears whole, and only pages whose content changed are
        written again. The catalog is only read.

        USAGE: shoebox gallery --out DIR [--library DIR] [--catalog URL] [--album TITLE] [--page-size N]

        OPTIONS:
          --out DIR               The gallery's folder (made when missing); open DIR/index.html.
        \(LibraryOption.help)
        \(CatalogOption.help)
          --album TITLE           Only this album's pages (and the albums and failures pages).
          --page-size N           Assets per album page, 50 to 5000 (default: \(GalleryBuilder.defaultPageSize)).
          -h, --help              Show this help.

        EXIT STATUS:
          0 written, 1 the folder cannot be used or written, 64 usage error.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--out", "--album", "--page-size"], flags: [])
        guard args.positionals.isEmpty else { throw UsageError("gallery takes no arguments (give the folder with --out)") }
        guard let out = args.value("--out") else { throw UsageError("give the gallery's folder with --out DIR") }
        let library = LibraryOption.library(args)
        let catalog = try CatalogOption.open(args, library: library)
        var builder = GalleryBuilder(catalog: catalog, library: library)
        if let raw = args.value("--page-size") {
            guard let size = Int(raw), (50...5000).contains(size) else {
                throw UsageError("--page-size must be a whole number from 50 to 5000 (got \(raw))")
            }
            builder.pageSize = size
        }
        let folder = URL(fileURLWithPath: out).standardizedFileURL.path
        let outcome = try builder.build(into: folder, album: args.value("--album"))
        Output.line("""
            gallery in \(folder): \(outcome.albums) albums, \(outcome.pages) album pages; \
            \(outcome.written) files written, \(outcome.unchanged) unchanged, \(outcome.removed) removed
            """)
        return ExitStatus.success
    }
}
