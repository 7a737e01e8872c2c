import Foundation
import Shoebox

enum GcCommand: Command {
    static let name = "gc"
    static let abstract = "Remove thumbnails and covers that no asset or album refers to any more."
    static let help = """
        OVERVIEW: \(abstract)
        A library keeps every thumbnail and cover it made until this runs: those of old pipeline
        recipes, of files whose content changed, of deleted albums. gc removes exactly the files
        in thumbs/ and covers/ that the catalog no longer records (a missing or failed asset's
        thumbnails are kept), and only files named as Shoebox names them; it never follows a
        link. It holds the library's lock, so it waits for (or refuses during) an ingest. Safe
        to interrupt: each file is removed on its own, and the catalog is not changed.

        USAGE: shoebox gc [--library DIR] [--catalog URL] [--dry-run]

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --dry-run               Remove nothing: print each file that would be removed. Works
                                  on a library you may only read.
          -h, --help              Show this help.

        EXIT STATUS:
          0 done, 1 a file could not be removed or the library is busy, 64 usage error (or no
          library at that place).
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: ["--dry-run"])
        guard args.positionals.isEmpty else { throw UsageError("gc takes no arguments") }
        let dryRun = args.has("--dry-run")
        let library = LibraryOption.library(args)
        // A dry run only reads, so it works on a library the user may only read.
        let catalog = try CatalogOption.open(args, library: library, for: dryRun ? .reading : .writing)
        // Taking the lock means sealing and making files in the library, which a user who may
        // only read it cannot do: a dry run there reads without it, as `list` does.
        let lock = dryRun && !library.isWritableByThisUser ? nil : try LibraryLock(library)
        defer { withExtendedLifetime(lock) {} }
        if !dryRun { try library.prepare() }   // also clears scratch files a killed run left
        let sweeper = DerivativeSweeper(library: library, dryRun: dryRun)
        let thumbnails = try sweeper.sweep(.thumbs, keeping: catalog.recordedThumbnailPaths())
        let covers = try sweeper.sweep(.covers, keeping: catalog.recordedCoverPaths())
        if dryRun {
            for path in thumbnails.paths + covers.paths { Output.line("would remove \(path)") }
        }
        let bytes = megabytes(thumbnails.bytes + covers.bytes)
        Output.line("""
            \(dryRun ? "would remove" : "removed") \(thumbnails.files + covers.files) files (\(bytes)): \
            \(thumbnails.files) thumbnails, \(covers.files) covers
            """)
        return ExitStatus.success
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
