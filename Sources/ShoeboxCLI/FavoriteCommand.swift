import Foundation
import Shoebox

enum FavoriteCommand: Command {
    static let name = "favorite"
    static let abstract = "Mark assets as favorites, or not, for the Favorites smart album."
    static let help = """
        OVERVIEW: \(abstract)
        An asset is a favorite when marked so here; without a mark, when its file or sidecar
        rates it 5 stars (XMP xmp:Rating). A mark is kept across re-ingests and moves; it
        changes the catalog only, never the file.

        USAGE: shoebox favorite add|remove|clear ASSET... [--library DIR] [--catalog URL]
               shoebox favorite add ASSET...      Mark assets as favorites, whatever their rating.
               shoebox favorite remove ASSET...   Mark assets as not favorites, whatever their rating.
               shoebox favorite clear ASSET...    Take the mark away: the rating decides again.

        ARGUMENTS:
          ASSET                   An asset's file path, or its catalog id (as for `shoebox show`).

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          -h, --help              Show this help.

        EXIT STATUS:
          0 marked, 1 no such asset (nothing is marked), 64 usage error.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: [])
        guard let action = args.positionals.first else { throw UsageError("give add, remove or clear, then the assets") }
        let mark: Bool?
        switch action {
        case "add": mark = true
        case "remove": mark = false
        case "clear": mark = nil
        default: throw UsageError("unknown action \(TerminalText.printable(action)): give add, remove or clear")
        }
        let operands = Array(args.positionals.dropFirst()), paths = Array(args.positionalPaths.dropFirst())
        guard !operands.isEmpty else { throw UsageError("give the assets to \(action)") }
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args), for: .writing)
        let ids = try zip(operands, paths).map { try AssetArgument.id($0, path: $1, in: catalog) }
        try catalog.setFavorite(mark, for: ids)
        let noun = ids.count == 1 ? "asset" : "assets"
        switch mark {
        case true?: Output.line("marked \(ids.count) \(noun) as favorites")
        case false?: Output.line("marked \(ids.count) \(noun) as not favorites")
        case nil: Output.line("cleared the favorite mark of \(ids.count) \(noun): their rating decides")
        }
        return ExitStatus.success
    }
}
