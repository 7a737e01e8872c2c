import Foundation
import Shoebox

/// One `shoebox` subcommand.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    static var help: String { get }
    /// Runs with the arguments after the command name; returns the exit status.
    static func run(_ arguments: [String]) throws -> Int32
}

/// Exit statuses, as documented in the README.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

enum Output {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// The library folder from `--library`, `$SHOEBOX_LIBRARY`, or `~/.local/share/shoebox`.
///
/// An empty `--library` never gets here (`CommandLineArguments` refuses it); an empty
/// `$SHOEBOX_LIBRARY` counts as unset, as shells and most tools treat an empty variable.
enum LibraryOption {
    static let help = """
          --library DIR           The library folder: catalog.sqlite and thumbs/
                                  (default: $SHOEBOX_LIBRARY if set and not empty,
                                  else ~/.local/share/shoebox).
        """

    static func library(_ arguments: CommandLineArguments) -> Library {
        let environment = ProcessInfo.processInfo.environment
        if let path = arguments.value("--library") ?? environment["SHOEBOX_LIBRARY"], !path.isEmpty {
            return Library(root: URL(fileURLWithPath: path))
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return Library(root: URL(fileURLWithPath: home).appendingPathComponent(".local/share/shoebox"))
    }

    /// Opens the catalog of an existing library, for commands that only read.
    static func openCatalog(_ library: Library) throws -> SQLiteCatalog {
        guard FileManager.default.fileExists(atPath: library.catalogPath) else {
            throw UsageError("no library at \(library.root.path) (run `shoebox ingest` first, or pass --library)")
        }
        return try SQLiteCatalog(path: library.catalogPath)
    }
}
