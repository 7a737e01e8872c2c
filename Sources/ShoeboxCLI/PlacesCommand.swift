import Foundation
import Shoebox

enum PlacesCommand: Command {
    static let name = "places"
    static let abstract = "List the places of the assets: countries, their regions, their cities."
    static let help = """
        OVERVIEW: \(abstract)
        Each asset with a GPS position is in the populated place nearest to it (offline, from
        GeoNames data: docs/CATALOG.md), its region and its country; a position far from every
        place is in its country alone, or in none. Each country comes with its regions and each
        region with its cities, largest first; only assets albums show are counted. Without
        --json, one tab-separated line a place: count, level (country, region or city), the
        place and what holds it, counts per kind, and the cover asset's id (the newest there).
        `shoebox list --place NAME` fetches a place's assets.

        USAGE: shoebox places [--library DIR] [--catalog URL] [--json]

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --json                  One JSON object a line per place: level, name, title, city, region,
                                  country, countryCode, count, counts (per asset kind) and coverAsset.
          -h, --help              Show this help.

        Places data: GeoNames (https://www.geonames.org), CC BY 4.0.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: ["--json"])
        guard args.positionals.isEmpty else { throw UsageError("places takes no arguments") }
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args))
        for place in PlaceListing.tree(try catalog.placeGroups()) {
            Output.line(args.has("--json") ? json(place) : row(place))
        }
        return ExitStatus.success
    }

    private static func row(_ place: PlaceSummary) -> String {
        let cover = place.coverAssetID.map { "\($0)" } ?? "-"
        return "\(place.count)\t\(place.level.rawValue)\t\(TerminalText.printable(place.title))\t\(place.counts)\t\(cover)"
    }

    private static func json(_ place: PlaceSummary) -> String {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        let counts = JSONValue.object(AssetKind.allCases.map { ($0.rawValue, .int(Int64(place.counts[$0]))) })
        return JSONValue.object([
            ("city", text(place.city)), ("count", .int(Int64(place.count))), ("counts", counts),
            ("country", .string(place.country)), ("countryCode", .string(place.countryCode)),
            ("coverAsset", place.coverAssetID.map { .int($0) } ?? .null), ("level", .string(place.level.rawValue)),
            ("name", .string(place.name)), ("region", text(place.region)), ("title", .string(place.title)),
        ]).text
    }
}
