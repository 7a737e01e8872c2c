import Foundation
import Shoebox

enum MomentsCommand: Command {
    static let name = "moments"
    static let abstract = "List the moments: the library cut into events by time and place."
    static let help = """
        OVERVIEW: \(abstract)
        The shown assets in the order they were taken (their UTC instants: a capture time's own
        offset, else its place's time zone), a new moment where more than 6 hours pass or the
        position moves more than 50 km. Each moment is titled by its places ("Lisbon, Portugal",
        "Lisbon and Sintra") or, without positions, by its first day ("Saturday 3 May 2025"),
        and keeps its id (its first-catalogued asset's) across re-ingests and additions.
        Moments are kept in the catalog: each ingest cuts again what it changed, and so does
        this command first when the catalog can be written.
        Newest first. Without --json, one tab-separated line a moment: id, count, start, end,
        counts per kind, cover asset (the newest), title. `shoebox list --moment ID` fetches one.
        With --by, PhotoKit's moment lists: one line a year or month, newest first: the year or
        month, its moments, its assets, counts per kind, and its moments' titles, largest first.

        USAGE: shoebox moments [--year YYYY] [--by year|month] [--json] [--library DIR] [--catalog URL]

        OPTIONS:
          --year YYYY             Only the moments that start in that year.
          --by year|month         Moment lists: the moments grouped by the year or month they start in.
        \(LibraryOption.help)
        \(CatalogOption.help)
          --json                  One JSON object a line: a moment's id, title, start, end, count,
                                  counts and coverAsset; with --by, a list's period, moments
                                  (their ids), count and counts.
          -h, --help              Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--year", "--by"], flags: ["--json"])
        guard args.positionals.isEmpty else { throw UsageError("moments takes no arguments") }
        let year = try args.value("--year").map { text -> String in
            guard text.count == 4, Int(text) != nil else { throw UsageError("--year takes a year of four digits, not \"\(text)\"") }
            return text
        }
        let period = try args.value("--by").map { text -> Int in
            switch text {
            case "year": return 4
            case "month": return 7
            default: throw UsageError("--by takes year or month, not \"\(text)\"")
            }
        }
        let catalog = try CatalogOption.openWithMomentsUpdated(args, library: LibraryOption.library(args))
        let moments = try catalog.moments(startingIn: year)
        let json = args.has("--json")
        if let period {
            for list in MomentList.lists(Array(moments), periodLength: period) { Output.line(json ? list.json : list.row) }
        } else {
            for moment in moments { Output.line(json ? MomentText.json(moment) : MomentText.row(moment)) }
        }
        return ExitStatus.success
    }
}
