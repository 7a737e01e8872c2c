import Foundation
import Shoebox

/// `ingest --json`: one JSON object a line on standard output for every file's outcome, as
/// it happens, then one summary object (docs/CLI.md, "The JSON lines", is the schema). Each line is
/// written whole with one write(2), so a reader never sees half a line and a process that
/// dies loses none it has reported.
enum IngestJSONLines {
    static func object(for event: IngestEvent) -> JSONValue {
        switch event {
        case let .ingested(path, kind, size):
            return .object([("event", .string("ingested")), ("path", .string(path)), ("kind", .string(kind.rawValue)),
                            ("width", .int(Int64(size.width))), ("height", .int(Int64(size.height)))])
        case let .unchanged(id, path): return fileEvent("unchanged", path, [("assetID", .int(id))])
        case let .stillFailed(id, path): return fileEvent("stillFailed", path, [("assetID", .int(id))])
        case let .relocated(id, path): return fileEvent("relocated", path, [("assetID", .int(id))])
        case let .failed(error):
            return fileEvent("failed", error.path, [("class", .string(error.errorClass.rawValue)), ("reason", .string(error.reason)),
                                                    ("stage", error.stage.map { .string($0.rawValue) } ?? .null),
                                                    ("cause", AssetJSON.cause(error.cause))])
        case let .skipped(path, reason): return fileEvent("skipped", path, [("reason", .string(reason))])
        case let .missing(path): return fileEvent("missing", path, [])
        }
    }

    static func summary(_ summary: IngestSummary, status: Int32) -> JSONValue {
        let counts: [(String, Int)] = [
            ("ingested", summary.ingested), ("unchanged", summary.unchanged), ("relocated", summary.relocated),
            ("failed", summary.failed), ("stillFailed", summary.stillFailed), ("skipped", summary.skipped),
            ("missing", summary.missing), ("unreadableRoots", summary.unreadableRoots), ("placesNamed", summary.placesNamed),
        ]
        return .object([("event", .string("summary"))] + counts.map { ($0.0, .int(Int64($0.1))) } + [
            ("warnings", .array(summary.warnings.map { .string($0) })),
            ("seconds", .number(String(format: "%.3f", summary.seconds))),
            ("status", .int(Int64(status))),
        ])
    }

    static func write(_ value: JSONValue) {
        FileHandle.standardOutput.write(Data((value.text + "\n").utf8))
    }

    private static func fileEvent(_ name: String, _ path: String, _ fields: [(String, JSONValue)]) -> JSONValue {
        .object([("event", .string(name)), ("path", .string(path))] + fields)
    }
}
