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

/// Exit statuses, as documented in docs/CLI.md.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    /// `profile --baseline`: a stage or format is slower than the baseline allows.
    static let slower: Int32 = 2
    static let usage: Int32 = 64
}

/// Where the CLI prints. Every message on standard error goes through `TerminalText`: a file
/// name or an argument echoed in it cannot split its line or drive the terminal. Standard
/// output is printed as given: rows escape their fields themselves (their tabs are columns),
/// JSON escapes its strings, and the rest is Shoebox's own text.
enum Output {
    /// One message, on one line, after erasing the progress line a terminal may show.
    static func error(_ message: String, erasingProgressLine: Bool = false) {
        let erase = erasingProgressLine && isatty(STDERR_FILENO) != 0 ? "\r\u{1B}[K" : ""
        FileHandle.standardError.write(Data((erase + TerminalText.printable(message) + "\n").utf8))
    }

    /// One message, then Shoebox's own text (a usage line, the help) as it is.
    static func error(_ message: String, then text: String) {
        FileHandle.standardError.write(Data((TerminalText.printable(message) + "\n" + text + "\n").utf8))
    }

    static func line(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    /// What a catalog says while it works (a PostgreSQL reconnection), printed as the
    /// command's own messages are: `shoebox: ` and the line, escaped, after erasing a
    /// progress line a terminal may show.
    static let catalogNotices = CatalogNotices { line in
        error("shoebox: " + line, erasingProgressLine: true)
    }
}

/// The library folder from `--library`, `$SHOEBOX_LIBRARY`, or `~/.local/share/shoebox`.
///
/// An empty `--library` never gets here (`CommandLineArguments` refuses it); an empty
/// `$SHOEBOX_LIBRARY` counts as unset, as shells and most tools treat an empty variable.
enum LibraryOption {
    static let help = """
          --library DIR           The library folder: thumbs/, covers/ and catalog.sqlite
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
}
