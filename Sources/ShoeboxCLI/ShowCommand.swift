import Foundation
import Shoebox

enum ShowCommand: Command {
    static let name = "show"
    static let abstract = "Show one asset in full, as JSON."
    static let help = """
        OVERVIEW: \(abstract)
        Its resources lists every file of the asset (an edited photo's original, edit and
        adjustment data; a Live Photo's video), whichever of them PATH names.

        USAGE: shoebox show PATH|ID [--library DIR] [--catalog URL]

        ARGUMENTS:
          PATH|ID                 The asset's file path, or its catalog id.

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          -h, --help              Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: [])
        guard args.positionals.count == 1, let key = args.positionals.first else {
            throw UsageError("show takes one PATH or ID")
        }
        let library = LibraryOption.library(args)
        let catalog = try CatalogOption.open(args, library: library)
        guard let id = try? AssetArgument.id(key, path: args.positionalPaths.first, in: catalog),
              var asset = try catalog.asset(id: id) else {
            Output.error("Error: no asset \(key) in \(try CatalogOption.location(args, library: library))")
            return ExitStatus.failure
        }
        asset.resources = try catalog.resources(ofAsset: id)
        Output.line(try AssetJSON.pretty(asset, library: library))
        return ExitStatus.success
    }
}
