import Foundation
import Shoebox

enum DuplicatesCommand: Command {
    static let name = "duplicates"
    static let abstract = "List the files that hold the same bytes, the most space to reclaim first."
    static let help = """
        OVERVIEW: \(abstract)
        Files are the same when their content hashes (XXH3-128 over every byte, recorded by
        ingest) and sizes are; every catalogued file still on disk counts, failed ones and a
        Live Photo's video or an edit's original too. Groups come largest first by the bytes
        that keeping one copy would free. Reads the catalog only: nothing is removed.
        Without --json, each group is a line 'N copies of SIZE bytes: BYTES reclaimable (hash
        HASH)' followed by its paths, one a line, indented by two spaces; a last line sums up.

        USAGE: shoebox duplicates [--library DIR] [--catalog URL] [--json]

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --json                  One JSON object a line per group: contentHash, fileSize,
                                  copies, reclaimableBytes and paths (sorted); no summary.
          -h, --help              Show this help.

        EXIT STATUS:
          0 listed (also when there are no duplicates), 64 usage error (or no library at that place).
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: ["--json"])
        guard args.positionals.isEmpty else { throw UsageError("duplicates takes no arguments") }
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args))
        let groups = try catalog.duplicateGroups()
        let output = BufferedOutput()
        defer { output.flush() }
        for group in groups {
            output.line(args.has("--json") ? json(group) : rows(group))
        }
        if !args.has("--json") { output.line(summary(groups)) }
        return ExitStatus.success
    }

    /// The group's line and its paths (as `PathText.printable`: one line each, whatever the names hold).
    private static func rows(_ group: DuplicateGroup) -> String {
        (["\(group.paths.count) copies of \(group.fileSize) bytes: \(group.reclaimableBytes) bytes reclaimable (hash \(group.contentHash))"]
            + group.paths.map { "  " + PathText.printable($0) }).joined(separator: "\n")
    }

    private static func json(_ group: DuplicateGroup) -> String {
        JSONValue.object([("contentHash", .string(group.contentHash)), ("copies", .int(Int64(group.paths.count))),
                          ("fileSize", .int(group.fileSize)), ("paths", .array(group.paths.map { .string($0) })),
                          ("reclaimableBytes", .int(group.reclaimableBytes))]).text
    }

    private static func summary(_ groups: [DuplicateGroup]) -> String {
        guard !groups.isEmpty else { return "no duplicates" }
        let bytes = groups.reduce(Int64(0)) { $0 + $1.reclaimableBytes }
        return "\(groups.count) \(groups.count == 1 ? "group" : "groups") of duplicates: \(bytes) bytes reclaimable"
    }
}
