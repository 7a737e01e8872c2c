import Foundation
import Shoebox
import ShoeboxGallery

enum GalleryCommand: Command {
    static let name = "gallery"
    static let abstract = "Write a static HTML gallery of the library: albums, photos, failures."
    static let help = """
        OVERVIEW: \(abstract)
        A folder of plain HTML pages that opens from file:// with no network and no server,
        and is whole by itself: copy it, upload it to any static host or open it from a USB
        stick. Its pages hold no path of the library or of an original:
        index.html shows the timeline (the moments by year and month, newest first, each
        titled by its place or day, with its dates) and then the albums (the smart albums
        that hold anything, then the folder and user albums, largest first, with covers and
        counts); places.html lists countries, regions and cities; each moment's, album's and
        place's pages show its assets in justified rows by their thumbnails' aspect (panoramas
        wide, very tall images narrow), and failures.html lists every failed file by error
        class.
        Click a photo for a larger view and its date, camera and place. Every image a page
        shows is put into the folder, hard linked from the library where the two share a file
        system (no space taken), else copied; the originals only with --originals.

        Live Photos play their video, muted, on hover or touch; a click on a video plays it
        in the larger view; animated GIFs and WebPs play on hover. Browsers do not play the
        HEVC MOVs phones record, so each Live Photo's video (its first 10 s, at most 480
        pixels, muted) and each video (its first 30 s, at most 720 pixels, its AAC sound) is
        encoded once as a small H.264 MP4 into the gallery folder, named by the content's
        hash: a rebuild encodes only what is new. A video that cannot be encoded keeps its
        poster and is named on standard error; the gallery is built all the same.

        Written only into a new or empty folder, or one Shoebox made a gallery in before (its
        shoebox-gallery file); only Shoebox's own files there are written or removed, never
        through a link. Each page appears whole, and only pages whose content changed are
        written again. The catalog is only read, except that moments waiting to be cut
        (`shoebox moments`) are cut first when it can be written.

        USAGE: shoebox gallery --out DIR [--library DIR] [--catalog URL] [--album TITLE] [--page-size N]
                               [--originals none|copy|link] [--no-video] [--profile FILE]

        OPTIONS:
          --out DIR               The gallery's folder (made when missing); open DIR/index.html.
        \(LibraryOption.help)
        \(CatalogOption.help)
          --album TITLE           Only this album's pages (and the front and failures pages).
          --page-size N           Assets per album page, 50 to 5000 (default: \(GalleryBuilder.defaultPageSize)).
          --originals HOW         none (the default): the gallery holds what it shows; copy: the
                                  originals are copied in too, and the larger view opens them;
                                  link: hard linked instead (same file system, else copied).
          --no-video              Encode no new video rendition (those already in DIR are still used).
          --profile FILE          Add the page of `shoebox profile PATH --html FILE` as profile.html,
                                  linked from index.html; it stays until another is given.
          -h, --help              Show this help.

        EXIT STATUS:
          0 written (also when some videos got no rendition), 1 the folder cannot be used or
          written or the profile page cannot be read, 64 usage error.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--out", "--album", "--page-size", "--profile",
                                                                 "--originals"],
                                          flags: ["--no-video"])
        guard args.positionals.isEmpty else { throw UsageError("gallery takes no arguments (give the folder with --out)") }
        guard let out = args.value("--out") else { throw UsageError("give the gallery's folder with --out DIR") }
        let pageSize = try args.value("--page-size").map { raw in
            guard let size = Int(raw), (50...5000).contains(size) else {
                throw UsageError("--page-size must be a whole number from 50 to 5000 (got \(raw))")
            }
            return size
        }
        let originals = try args.value("--originals").map { raw in
            guard let how = GalleryOriginals(rawValue: raw) else { throw UsageError("--originals takes none, copy or link (got \(raw))") }
            return how
        } ?? .none
        let library = LibraryOption.library(args)
        let catalog = try CatalogOption.openWithMomentsUpdated(args, library: library)
        var builder = GalleryBuilder(catalog: catalog, library: library)
        builder.pageSize = pageSize ?? builder.pageSize
        builder.encodesRenditions = !args.has("--no-video")
        builder.profilePage = args.value("--profile")
        builder.originals = originals
        let folder = URL(fileURLWithPath: out).standardizedFileURL.path
        let outcome = try builder.build(into: folder, album: args.value("--album"))
        warn(outcome.renditionFailures)
        Output.line("""
            gallery in \(PathText.printable(folder)): \(outcome.albums) albums, \(outcome.pages) album pages, \
            \(outcome.moments) moments, \(outcome.momentPages) moment pages, \(outcome.places) places, \(outcome.placePages) place pages; \
            video renditions: \
            \(outcome.renditionsMade) encoded, \(outcome.renditionsReused) reused, \(outcome.renditionFailures.count) failed; \
            images put in: \(outcome.filesLinked) linked, \(outcome.filesCopied) copied; \
            \(outcome.written) files written, \(outcome.unchanged) unchanged, \(outcome.removed) removed
            """)
        return ExitStatus.success
    }

    /// Names the videos that got no web rendition: the first `shownFailures`, then how many more.
    static let shownFailures = 20

    private static func warn(_ failures: [String: String]) {
        let sorted = failures.sorted { $0.key < $1.key }
        for (path, reason) in sorted.prefix(shownFailures) { Output.error("warning: no web rendition of \(path): \(reason)") }
        if sorted.count > shownFailures {
            Output.error("warning: \(sorted.count - shownFailures) more videos got no web rendition")
        }
    }
}
