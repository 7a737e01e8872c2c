import CCrashGuard
import Foundation
import Shoebox

/// `shoebox COMMAND ...`: the entry point. Errors print as `Error: ...`, usage errors add the
/// command's usage line and exit 64, as swift-argument-parser tools do.
/// The commands and the overview, as statics: `main` runs on the main thread of the command,
/// and on a fresh thread of the ingest's child process (`IngestSupervisor`), so nothing it
/// reads may belong to the main actor. The list is a constant of metatypes, safe from any thread.
enum ShoeboxCommands {
    nonisolated(unsafe) static let commands: [any Command.Type] = [
        IngestCommand.self, ListCommand.self, ShowCommand.self, ProfileCommand.self, AlbumsCommand.self, AlbumCommand.self,
        CoversCommand.self, ContactSheetCommand.self, DuplicatesCommand.self, MetadataCommand.self, GalleryCommand.self,
        FavoriteCommand.self, HideCommand.self, BurstCommand.self, ForgetCommand.self, WatchCommand.self, PlacesCommand.self, MomentsCommand.self, GcCommand.self, StatusCommand.self,
    ]

    static let overview = """
        OVERVIEW: Shoebox ingests folders of photos into a catalog, with oriented, aspect-aware thumbnails.

        USAGE: shoebox COMMAND [OPTIONS]

        SUBCOMMANDS:
        \(commands.map { "  \($0.name.padding(toLength: 24, withPad: " ", startingAt: 0))\($0.abstract)" }.joined(separator: "\n"))

          See 'shoebox COMMAND --help' for each command's options.

        OTHER OPTIONS:
          --version               Print Shoebox's version.
          --man                   Print the manual page (roff), made from these help texts.
          --completions SHELL     Print a completion script for bash or zsh
                                  (bash: source <(shoebox --completions bash)).
        """
}

func usageLine(_ help: String) -> String {
    help.split(separator: "\n").first { $0.hasPrefix("USAGE:") }.map { "Usage:" + $0.dropFirst("USAGE:".count) } ?? ""
}

/// The commands that decode and encode pictures, which start themselves again with glibc's
/// huge-page tunable (`HugePageTuning`).
let commandsOnHugePages: Set<String> = ["ingest", "profile", "watch", "covers", "contact-sheet", "gallery"]

func main() -> Int32 {
    if CommandLine.arguments.count > 1, commandsOnHugePages.contains(CommandLine.arguments[1]) {
        HugePageTuning.restartWithHugePages()
    }
    sb_restore_stop_signals()   // Swift's runtime would print a backtrace on SIGQUIT and go on
    AllocatorTuning.returnLargeBuffersToTheSystem()
    AllocatorTuning.shareFewArenas()
    #if DEBUG
    if ProcessInfo.processInfo.environment["SHOEBOX_TEST_SAY_MAIN_THREAD"] != nil {   // ForkedChildThreadTests
        FileHandle.standardError.write(Data("shoebox test: main runs on thread \(sb_thread_id()) of process \(getpid())\n".utf8))
    }
    if ProcessInfo.processInfo.environment["SHOEBOX_TEST_SAY_TUNABLES"] != nil {   // HugePageTuningTests
        let tunables = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] ?? "(none)"
        FileHandle.standardError.write(Data("shoebox test: GLIBC_TUNABLES \(tunables)\n".utf8))
        let name = (try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8)) ?? "(unknown)\n"
        FileHandle.standardError.write(Data("shoebox test: process name \(name)".utf8))
    }
    #endif
    ArgumentSecrets.hideFromProcessList()
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first, first != "-h", first != "--help", first != "help" else {
        if arguments.count > 1, let command = ShoeboxCommands.commands.first(where: { $0.name == arguments[1] }) {
            Output.line(command.help)
        } else {
            Output.line(ShoeboxCommands.overview)
        }
        return ExitStatus.success
    }
    arguments.removeFirst()
    if let status = runGlobalOption(first, arguments) { return status }
    guard let command = ShoeboxCommands.commands.first(where: { $0.name == first }) else {
        let names = ShoeboxCommands.commands.map { $0.name }
        var message = "Error: unknown command '\(first)'"
        if let guess = NearestName.suggestion(for: first, among: names) { message += " (did you mean '\(guess)'?)" }
        Output.error(message, then: "\n" + ShoeboxCommands.overview)
        return ExitStatus.usage
    }
    // After `--` every argument is an operand: `album create -- -h` makes an album titled "-h".
    let options = arguments.prefix { $0 != "--" }
    if options.contains("-h") || options.contains("--help") {
        Output.line(command.help)
        return ExitStatus.success
    }
    do {
        return try command.run(arguments)
    } catch let error as UsageError {
        Output.error("Error: \(error.message)", then: "\(usageLine(command.help))\n  See 'shoebox \(command.name) --help'.")
        return ExitStatus.usage
    } catch let error as PipelineError {
        Output.error("Error: \(error)")
        return ExitStatus.usage
    } catch {
        Output.error("Error: \(error)")
        return ExitStatus.failure
    }
}

/// `--version`, `--man` and `--completions SHELL`, which take the place of a command; nil for
/// anything else.
func runGlobalOption(_ option: String, _ arguments: [String]) -> Int32? {
    switch option {
    case "--version":
        Output.line("shoebox \(ShoeboxVersion.number)")
    case "--man":
        Output.line(ManPage.roff(commands: ShoeboxCommands.commands, overview: ShoeboxCommands.overview), terminator: "")
    case "--completions":
        guard arguments.count == 1, let script = ShellCompletion.script(for: arguments[0], commands: ShoeboxCommands.commands) else {
            Output.error("Error: --completions takes bash or zsh", then: "Usage: shoebox --completions bash|zsh")
            return ExitStatus.usage
        }
        Output.line(script, terminator: "")
    default:
        return nil
    }
    return ExitStatus.success
}

exit(main())
