import Foundation
import Shoebox

enum ListCommand: Command {
    static let name = "list"
    static let abstract = "List the catalogued assets, or fetch some by album, kind and date."
    static let help = """
        OVERVIEW: \(abstract)
        Without a fetch option, every catalogued asset is listed, failed and missing ones too,
        ordered by path. With any fetch option, list prints a fetch: only the assets albums
        show (catalogued without error and still on disk), filtered and in the order asked.

        USAGE: shoebox list [--library DIR] [--catalog URL] [--json] [--album TITLE] [--kind K]...
                            [--sort KEY] [--since DATE] [--until DATE] [--has-location]
                            [--include-burst-members] [--limit N] [--offset N]

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --json                  One JSON object a line per asset: path, kind, width, height (as
                                  displayed), orientation, takenAt, make, model, gps, contentHash,
                                  status, error, thumbnails, and more (see docs/CLI.md).
        \(FetchArguments.help)
          -h, --help              Show this help.

        EXIT STATUS:
          0 listed, 1 no such album, 64 usage error (or no library at that place).
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: FetchArguments.options.union(["--library", "--catalog"]),
                                            flags: FetchArguments.flags.union(["--json"]))
        guard args.positionals.isEmpty else { throw UsageError("list takes no arguments") }
        let library = LibraryOption.library(args)
        let catalog = args.value("--moment") == nil ? try CatalogOption.open(args, library: library)
            : try CatalogOption.openWithMomentsUpdated(args, library: library)
        let output = BufferedOutput()
        defer { output.flush() }
        let print = { (asset: AssetRecord) in
            output.line(args.has("--json") ? AssetJSON.line(asset, library: library) : row(asset))
        }
        guard FetchArguments.isFetch(args) else {
            try catalog.forEachAsset(print)
            return ExitStatus.success
        }
        let options = try FetchArguments.options(args, resolveAlbum: { try catalog.requireAlbum(titled: $0) },
                                                 resolvePlace: { try PlaceName.resolve($0, in: catalog) },
                                                 resolveMoment: { id in
            guard try catalog.moment(id: id) != nil else { throw MomentError.noSuchMoment(id) }
            return id
        })
        try catalog.fetchAssets(options).forEach(print)
        return ExitStatus.success
    }

    /// One line, whatever the names hold: the path as `PathText.printable` (control characters
    /// as `\xHH`, still the file's text for `show`), the other text as `TerminalText`.
    private static func row(_ asset: AssetRecord) -> String {
        let status = asset.missing ? "missing" : asset.status.rawValue
        let size = asset.width > 0 ? "\(asset.width)x\(asset.height)" : "-"
        let taken = TerminalText.printable(asset.metadata.takenAt ?? "-")
        let stage = asset.errorStage.map { " in \($0.rawValue)" } ?? ""
        let detail = asset.status == .failed
            ? TerminalText.printable("  [\(asset.errorClass?.rawValue ?? "failed")\(stage): \(asset.errorMessage ?? "")]") : ""
        return "\(asset.id)\t\(status)\t\(asset.kind.rawValue)\t\(size)\t\(taken)\t\(PathText.printable(asset.path))\(detail)"
    }
}
