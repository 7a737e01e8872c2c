import Foundation
import Shoebox

enum DuplicatesCommand: Command {
    static let name = "duplicates"
    static let abstract = "List the files that hold the same bytes, the most space to reclaim first."
    static let help = """
        OVERVIEW: \(abstract)
        Files are the same when their content hashes (XXH3-128 over every byte, recorded by
        ingest) and sizes are; catalogued files count whatever their status (failed ones, a
        Live Photo's video, an edit's original too). Each is checked on disk before it is
        listed: a file gone, or whose size or modification time differs from what the last
        ingest saw, is left out (with --verify, one whose bytes no longer hash the same too),
        hard links to one file count as one copy, and only groups of two copies or more are
        listed, so keeping any one path of a group keeps the content. Groups come largest
        first by the bytes that keeping one copy would free. Nothing is removed.
        Without --json, each group is a line 'N copies of SIZE bytes: BYTES reclaimable (hash
        HASH)' followed by its paths, one a line, indented by two spaces; a last line sums up.
        Copies left out are counted on stderr, with why.

        USAGE: shoebox duplicates [--library DIR] [--catalog URL] [--verify] [--json]

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --verify                Also read every listed file and hash it again: slower, and
                                  sure that each copy still holds the catalogued bytes.
          --json                  One JSON object a line per group: contentHash, fileSize,
                                  copies, reclaimableBytes and paths (sorted); no summary.
          -h, --help              Show this help.

        EXIT STATUS:
          0 listed (also when there are no duplicates), 64 usage error (or no library at that place).
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog"], flags: ["--json", "--verify"])
        guard args.positionals.isEmpty else { throw UsageError("duplicates takes no arguments") }
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args))
        let checked = DuplicateCheck.groups(of: try catalog.duplicateCandidates(), verify: args.has("--verify"))
        let output = BufferedOutput()
        for group in checked.groups {
            output.line(args.has("--json") ? json(group) : rows(group))
        }
        if !args.has("--json") { output.line(summary(checked.groups)) }
        output.flush()
        if let note = note(checked.leftOut) { Output.error(note) }
        return ExitStatus.success
    }

    /// How many catalogued copies were left out, by why; nil when none was.
    static func note(_ leftOut: [DuplicateCheck.LeftOut]) -> String? {
        guard !leftOut.isEmpty else { return nil }
        var gone = 0, changed = 0, differs = 0, links = 0
        for copy in leftOut {
            switch copy.reason {
            case .gone: gone += 1
            case .changed: changed += 1
            case .contentDiffers: differs += 1
            case .sameFile: links += 1
            }
        }
        let parts = [(gone, "gone from disk"), (changed, "changed since the last ingest"),
                     (differs, "holding other bytes than catalogued"), (links, "hard links to a listed file")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let rerun = gone + changed + differs > 0 ? "; run shoebox ingest to catalogue them as they are" : ""
        return "note: \(leftOut.count) catalogued \(leftOut.count == 1 ? "copy was" : "copies were") left out: "
            + parts.joined(separator: ", ") + rerun
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
