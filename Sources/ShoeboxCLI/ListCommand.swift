import Foundation
import Shoebox

enum ListCommand: Command {
    static let name = "list"
    static let abstract = "List the catalogued assets."
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: shoebox list [--library DIR] [--json]

        OPTIONS:
        \(LibraryOption.help)
          --json                  One JSON object a line per asset: path, kind, width, height (as
                                  displayed), orientation, takenAt, make, model, gps, contentHash,
                                  status, error, thumbnails, and more (see README).
          -h, --help              Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library"], flags: ["--json"])
        guard args.positionals.isEmpty else { throw UsageError("list takes no arguments") }
        let library = LibraryOption.library(args)
        let catalog = try LibraryOption.openCatalog(library)
        try catalog.forEachAsset { asset in
            Output.line(args.has("--json") ? try AssetJSON.line(asset, library: library) : row(asset))
        }
        return ExitStatus.success
    }

    private static func row(_ asset: AssetRecord) -> String {
        let status = asset.missing ? "missing" : asset.status.rawValue
        let size = asset.width > 0 ? "\(asset.width)x\(asset.height)" : "-"
        let taken = asset.metadata.takenAt ?? "-"
        let detail = asset.status == .failed ? "  [\(asset.errorClass?.rawValue ?? "failed"): \(asset.errorMessage ?? "")]" : ""
        return "\(asset.id)\t\(status)\t\(asset.kind.rawValue)\t\(size)\t\(taken)\t\(asset.path)\(detail)"
    }
}
