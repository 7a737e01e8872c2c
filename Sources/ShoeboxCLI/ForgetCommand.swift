import Foundation
import Shoebox

enum ForgetCommand: Command {
    static let name = "forget"
    static let abstract = "Take files out of the catalog: a folder ingested by mistake, or long-missing files."
    static let help = """
        OVERVIEW: \(abstract)
        Every asset at a PATH or under it leaves the catalog, with its album memberships; or,
        with --missing, every asset missing from disk for more than N days. The files
        themselves are never touched, whether they exist or not. Their thumbnails stay until
        `shoebox gc` removes what no asset refers to any more. A Live Photo whose other half
        is forgotten comes apart, groups and bursts form again without what left, and the
        moments are cut again. Ingesting the files again brings them back as new assets.

        USAGE: shoebox forget PATH... [--library DIR] [--catalog URL]
               shoebox forget --missing [--days N] [--library DIR] [--catalog URL]

        ARGUMENTS:
          PATH                    A file or folder, as it was ingested (it may be gone from disk).

        OPTIONS:
          --missing               Forget the assets missing from disk for more than --days days.
          --days N                With --missing: days missing, at least 0 (default: 30).
        \(LibraryOption.help)
        \(CatalogOption.help)
          -h, --help              Show this help.

        EXIT STATUS:
          0 done (also when nothing matched), 1 the catalog cannot be written, 64 usage error.
        """

    static let defaultDays = 30

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--days"], flags: ["--missing"])
        let missing = args.has("--missing")
        if missing && !args.positionals.isEmpty { throw UsageError("give paths or --missing, not both") }
        if !missing && args.value("--days") != nil { throw UsageError("--days goes with --missing") }
        guard missing || !args.positionals.isEmpty else { throw UsageError("give the paths to forget, or --missing") }
        let days = try args.integer("--days", atLeast: 0) ?? defaultDays
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args), for: .writing)
        if missing {
            let forgotten = try catalog.forgetMissing(before: Date().addingTimeInterval(-Double(days) * 86_400))
            Output.line("forgot \(count(forgotten.count)) missing for more than \(days) \(days == 1 ? "day" : "days")\(gcHint(forgotten))")
            return ExitStatus.success
        }
        for path in args.positionalPaths.map(IngestPipeline.resolve) {
            let forgotten = try catalog.forget(under: path)
            Output.line("forgot \(count(forgotten.count)) at \(PathText.printable(path))\(gcHint(forgotten))")
        }
        return ExitStatus.success
    }

    private static func count(_ n: Int) -> String { n == 1 ? "1 asset" : "\(n) assets" }

    private static func gcHint(_ forgotten: [String]) -> String {
        forgotten.isEmpty ? "" : "; `shoebox gc` removes their thumbnails"
    }
}
