import Shoebox

/// Moments and moment lists as `shoebox moments` prints them: tab-separated lines, or JSON.
enum MomentText {
    static func row(_ moment: Moment) -> String {
        [String(moment.id), String(moment.count), moment.start, moment.end, moment.counts.description, String(moment.coverAssetID),
         TerminalText.printable(moment.title)].joined(separator: "\t")
    }

    static func json(_ moment: Moment) -> String {
        JSONValue.object([
            ("count", .int(Int64(moment.count))), ("counts", counts(moment.counts)), ("coverAsset", .int(moment.coverAssetID)),
            ("end", .string(moment.end)), ("id", .int(moment.id)), ("start", .string(moment.start)), ("title", .string(moment.title)),
        ]).text
    }

    /// The titles of a list's largest moments, at most three.
    static func row(_ list: MomentList) -> String {
        let titles = list.moments.sorted { $0.count > $1.count }.prefix(3).map(\.title)
        return [list.period, list.moments.count == 1 ? "1 moment" : "\(list.moments.count) moments", String(list.count), list.counts.description,
                TerminalText.printable(titles.joined(separator: "; "))].joined(separator: "\t")
    }

    static func json(_ list: MomentList) -> String {
        JSONValue.object([
            ("count", .int(Int64(list.count))), ("counts", counts(list.counts)),
            ("moments", .array(list.moments.map { .int($0.id) })), ("period", .string(list.period)),
        ]).text
    }

    private static func counts(_ counts: KindCounts) -> JSONValue {
        .object(AssetKind.allCases.map { ($0.rawValue, .int(Int64(counts[$0]))) })
    }
}

extension MomentList {
    var row: String { MomentText.row(self) }
    var json: String { MomentText.json(self) }
}
