import Foundation
import Shoebox

enum HideCommand: Command {
    static let name = "hide"
    static let abstract = "Hide assets from every album, fetch and moment, or show them again."
    static let help = """
        OVERVIEW: \(abstract)
        A hidden asset is left out of `list`, the albums, moments, places and the gallery, and
        shown in the Hidden smart album only (`shoebox list --album Hidden`), as Apple Photos
        hides one. The mark is kept across re-ingests and moves; it changes the catalog only,
        never the file.

        USAGE: shoebox hide add|remove ASSET... [--library DIR] [--catalog URL]
               shoebox hide add ASSET...      Hide assets.
               shoebox hide remove ASSET...   Show hidden assets again.

        ARGUMENTS:
          ASSET                   An asset's file path, or its catalog id (as for `shoebox show`).

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          -h, --help              Show this help.

        EXIT STATUS:
          0 done, 1 no such asset (nothing is changed), 64 usage error.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: [])
        guard let action = args.positionals.first else { throw UsageError("give add or remove, then the assets") }
        let hidden: Bool
        switch action {
        case "add": hidden = true
        case "remove": hidden = false
        default: throw UsageError("unknown action \(TerminalText.printable(action)): give add or remove")
        }
        let operands = Array(args.positionals.dropFirst()), paths = Array(args.positionalPaths.dropFirst())
        guard !operands.isEmpty else { throw UsageError("give the assets to \(hidden ? "hide" : "show again")") }
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args), for: .writing)
        let ids = try zip(operands, paths).map { try AssetArgument.id($0, path: $1, in: catalog) }
        try catalog.setHidden(hidden, for: ids)
        let noun = ids.count == 1 ? "asset" : "assets"
        Output.line(hidden ? "hid \(ids.count) \(noun): shown in the Hidden album only" : "showed \(ids.count) hidden \(noun) again")
        return ExitStatus.success
    }
}
