import Foundation
import Shoebox

enum BurstCommand: Command {
    static let name = "burst"
    static let abstract = "Choose the photo a burst is shown as."
    static let help = """
        OVERVIEW: \(abstract)
        The photos of a burst (taken in one press of the shutter) are shown as one: the photo
        picked here, else the one the camera marked as the burst's cover, else the first taken.
        The others are listed only with `shoebox list --include-burst-members`. The pick is kept
        across re-ingests and moves; it changes the catalog only, never the files.

        USAGE: shoebox burst pick ASSET [--library DIR] [--catalog URL]

        ARGUMENTS:
          ASSET                   A photo of the burst: its file path, or its catalog id (as for
                                  `shoebox show`).

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          -h, --help              Show this help.

        EXIT STATUS:
          0 picked, 1 no such asset or not a photo of a burst (nothing changes), 64 usage error.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: [])
        guard let action = args.positionals.first else { throw UsageError("give pick, then a photo of the burst") }
        guard action == "pick" else { throw UsageError("unknown action \(TerminalText.printable(action)): give pick") }
        guard args.positionals.count == 2 else { throw UsageError("give one photo of the burst to pick") }
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args), for: .writing)
        let id = try AssetArgument.id(args.positionals[1], path: args.positionalPaths[1], in: catalog)
        try catalog.pickBurstRepresentative(id)
        Output.line("picked asset \(id) to show its burst")
        return ExitStatus.success
    }
}
