import Foundation
import Shoebox

enum CoversCommand: Command {
    static let name = "covers"
    static let abstract = "Render album cover images ahead of time: square smart crops and mosaics."
    static let help = """
        OVERVIEW: \(abstract)
        For each album (smart albums with assets too), at each size: cover-N, a square crop of the cover asset around its most
        interesting part (libvips attention: a subject away from the centre stays in frame), and
        mosaic-N, a 2x2 mosaic of the album's first four assets. Upright as thumbnails are; a
        video gives its poster frame. Only images whose cover asset, first four assets or size
        changed are rendered again; files appear atomically in covers/ and the catalog records
        them (see 'shoebox albums --json'). An album's images are those of the sizes last asked.

        USAGE: shoebox covers [--album TITLE] [--size N]... [--quiet] [--library DIR] [--catalog URL] [--pipeline NAME|FILE]

        OPTIONS:
          --album TITLE           Only this album (a user album of that title comes first).
          --size N                Width and height in pixels, 16 to 4096 (default: 512). Repeatable.
          --quiet                 Print only failures and the summary, not each album rendered.
        \(LibraryOption.help)
        \(CatalogOption.help)
          --pipeline NAME|FILE    Whose decode limits and video poster position apply (default: default).
          -h, --help              Show this help.

        EXIT STATUS:
          0 every album's images are up to date, 1 some album failed (each is printed), no such
          album, or the library is busy, 64 usage error (or no library at that place),
          124 a file went over its time budget, or the signal of a C library crashing on a file
          (covers stops there and names the file; nothing is recorded about it).
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--album", "--size", "--library", "--catalog", "--pipeline"],
                                            flags: ["--quiet"])
        guard args.positionals.isEmpty else { throw UsageError("covers takes no arguments") }
        let sizes = try self.sizes(args)
        let configuration = try PipelineLocator.load(args.value("--pipeline"))
        let library = LibraryOption.library(args)
        let catalog = try CatalogOption.open(args, library: library, for: .writing)
        let lock = try LibraryLock(library)
        defer { withExtendedLifetime(lock) {} }
        try library.prepare()
        guardDecodes()
        try Vips.start()
        let renderer = CoverRenderer(catalog: catalog, library: library, configuration: configuration, sizes: sizes)
        let albums = try self.albums(args.value("--album"), catalog: catalog)
        return try render(albums, with: renderer, quiet: args.has("--quiet"))
    }

    /// A file that crashes a decoder or outlasts its budget stops covers (unlike ingest, it has
    /// no child to restart): the guard names it, and says that nothing was recorded about it.
    private static func guardDecodes() {
        CrashGuard.installWithoutLog()
        let done = " (covers stopped: nothing was recorded about the file, and the albums done before it keep their images; "
        CrashGuard.announce(StopNotice(
            afterTimeout: done + "give it more time with --pipeline and a larger limits.imageSeconds or videoSeconds, "
                + "or move it out of its ingested folder and ingest again)",
            afterCrash: done + "move it out of its ingested folder and ingest again)"))
    }

    private static func sizes(_ args: CommandLineArguments) throws -> [Int] {
        let sizes = try args.allValues("--size").map { text -> Int in
            guard let size = Int(text), (16...4096).contains(size) else {
                throw UsageError("--size takes a whole number from 16 to 4096, not \"\(text)\"")
            }
            return size
        }
        var seen = Set<Int>()
        return sizes.isEmpty ? [512] : sizes.filter { seen.insert($0).inserted }
    }

    private static func albums(_ title: String?, catalog: any Catalog) throws -> [AlbumSummary] {
        guard let title else { return try catalog.smartAlbums(includingCovers: true).filter { $0.count > 0 } + catalog.albums() }
        guard let summary = try catalog.summary(of: try catalog.requireAlbum(titled: title)) else {
            throw AlbumError.noSuchAlbum(title)
        }
        return [summary]
    }

    private static func render(_ albums: [AlbumSummary], with renderer: CoverRenderer, quiet: Bool) throws -> Int32 {
        let started = Date()
        var (rendered, unchanged, failed) = (0, 0, 0)
        for album in albums {
            do {
                let outcome = try renderer.render(album)
                rendered += outcome.rendered.count
                unchanged += outcome.unchanged.count
                if !outcome.rendered.isEmpty && !quiet {
                    Output.error("rendered \(album.album): \(outcome.rendered.joined(separator: ", "))")
                }
            } catch let error as CoverError {
                failed += 1
                Output.error("failed \(error)")
            } catch let error as AlbumError {  // the album changed since the listing (deleted, emptied)
                failed += 1
                Output.error("failed \(album.album.title): \(error)")
            }
        }
        let removed = try renderer.removeUnusedFiles()
        Output.line("""
            albums \(albums.count), images rendered \(rendered), unchanged \(unchanged), albums failed \(failed), \
            unused files removed \(removed) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s
            """)
        return failed > 0 ? ExitStatus.failure : ExitStatus.success
    }
}
