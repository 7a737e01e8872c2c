import CCrashGuard
import Foundation
import Shoebox
#if canImport(Glibc)
import Glibc
#endif

enum WatchCommand: Command {
    static let name = "watch"
    static let abstract = "Watch folders and ingest what is added or changed in them, as it comes."
    static let help = """
        OVERVIEW: \(abstract)
        Ingests the folders once, then watches every folder under them (Linux's inotify;
        folders made later too, never through a symbolic link) and, once nothing under them has
        changed for --settle seconds (a file being copied changes until its last write), runs
        the same ingest again: new and changed files are ingested, moved ones followed, deleted
        ones flagged missing, unchanged ones only looked at. Each ingest is `shoebox ingest
        PATH...` with the options below, in a process of its own, so --covers and --gallery
        are brought up to date after each. SIGTERM, SIGINT or SIGHUP stops it cleanly: an
        ingest under way stops as `shoebox ingest` does, then the watch ends by the signal.
        To run it as a service, see docs/CLI.md ("shoebox watch as a systemd user service").

        USAGE: shoebox watch FOLDER... [--library DIR] [--catalog URL] [--pipeline NAME|FILE] [--jobs N]
                             [--covers] [--gallery DIR] [--settle SECONDS] [--quiet]

        ARGUMENTS:
          FOLDER                  Folders to watch, with everything under them.

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --pipeline NAME|FILE    A pipeline from pipelines/ by name, or a JSON file (default: default).
          --jobs N                Decode workers, 0 to \(WorkerLimit.maximum) (default: the pipeline's; 0 = one per core).
          --covers                After each ingest, render every album's cover images.
          --gallery DIR           After each ingest, write the gallery into DIR (not inside a FOLDER).
          --settle SECONDS        How long nothing may change before an ingest starts (default: 2).
                                  Changes that never pause are ingested \(Int(longestWait)) s after the first.
          --quiet                 Print only failures, warnings and each ingest's summary.
          -h, --help              Show this help.

        EXIT STATUS:
          Ends by the signal that stopped it (a shell shows 143 for SIGTERM, 130 for SIGINT);
          1 when every FOLDER has gone (deleted or moved away), or the first ingest could not run;
          64 usage error (a FOLDER that is not a folder, a library or gallery inside one).
        """

    /// Changes that never pause are ingested this long after the first.
    static let longestWait = 60.0

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--pipeline", "--jobs", "--gallery", "--settle"],
                                            flags: ["--covers", "--quiet"])
        guard !args.positionals.isEmpty else { throw UsageError("give at least one FOLDER to watch") }
        let settle = Double(try args.integer("--settle", atLeast: 1) ?? 2)
        let library = LibraryOption.library(args)
        let folders = try WatchedFolders(args, library: library)
        _ = try CatalogOption.location(args, library: library)   // a bad --catalog is refused before the watch starts
        try library.seal()   // made now, as the first ingest would, so that the watch can leave it out
        let wake = sb_supervisor_wake_fd()
        guard wake >= 0 else { throw WatchError.cannotStart(reason: "no pipe for signals: \(String(cString: strerror(errno)))") }
        sb_supervisor_install()
        let watch = try FolderWatch(roots: folders.roots, excluding: Set([FolderIdentity(path: library.root.path)].compactMap { $0 }))
        let quiet = args.has("--quiet")
        Output.error("watch: watching \(watch.folderCount) folders under \(folders.roots.joined(separator: ", ")); ingesting them first")
        let first = try ingest(args, roots: folders.roots)
        if case .exited(let code) = first, code != ExitStatus.success && code != ExitStatus.failure {
            Output.error("watch: the first ingest \(first); stopped")
            return code == ExitStatus.usage ? ExitStatus.usage : ExitStatus.failure
        }
        stopIfAsked()
        return try loop(watch, wake: wake, settling: WatchSettling(quiet: settle, longest: longestWait), args: args, roots: folders.roots, quiet: quiet)
    }

    /// Waits for changes, ingests when they settle, until a signal or every root is gone.
    private static func loop(_ watch: FolderWatch, wake: Int32, settling start: WatchSettling, args: CommandLineArguments,
                             roots: [String], quiet: Bool) throws -> Int32 {
        var settling = start
        var gone: Set<String> = []
        if !quiet { Output.error("watch: waiting for changes") }
        while true {
            let timeout = settling.due.map { Int32(max(0, min(($0 - now()) * 1000, 3_600_000)).rounded(.up)) } ?? -1
            var waits = [pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            _ = poll(&waits, 2, timeout)
            stopIfAsked()
            if waits[0].revents != 0 {
                let changes = watch.readChanges()
                changes.warnings.forEach { Output.error("watch: \($0)") }
                for root in changes.rootsGone where gone.insert(root).inserted {
                    Output.error("watch: \(root) is gone (deleted or moved away): no longer watched")
                }
                if gone.count == roots.count {
                    Output.error("watch: every folder watched is gone; stopped")
                    return ExitStatus.failure
                }
                if changes.changed { settling.changed(at: now()) }
            }
            if settling.isDue(at: now()) {
                settling.ingestStarted()
                if !quiet { Output.error("watch: changes settled; ingesting") }
                let ending = try ingest(args, roots: roots.filter { !gone.contains($0) })
                stopIfAsked()
                if !quiet || ending != .exited(ExitStatus.success) { Output.error("watch: the ingest \(ending); waiting for changes") }
            }
        }
    }

    /// Runs `shoebox ingest ROOTS` with the watch's options in a process of its own, which the
    /// signal handler stops with this process; waits for its end.
    private static func ingest(_ args: CommandLineArguments, roots: [String]) throws -> ChildEnding {
        var arguments: [[UInt8]] = [Array("shoebox".utf8), Array("ingest".utf8)]
        for option in ["--library", "--pipeline", "--jobs", "--gallery"] {
            if let value = args.value(option) { arguments += [Array(option.utf8), Array(value.utf8)] }
        }
        for flag in ["--covers", "--quiet"] where args.has(flag) { arguments.append(Array(flag.utf8)) }
        arguments.append(Array("--".utf8))
        arguments += roots.map(PathText.decode)
        // A catalog URL may hold a password: it goes by the environment, never the command line.
        let child = try SelfSpawn.start(argumentBytes: arguments, adding: args.value("--catalog").map { ["SHOEBOX_CATALOG=\($0)"] } ?? [])
        sb_supervisor_set_child(child)
        defer { sb_supervisor_set_child(0) }
        return IngestSupervisor.wait(for: child)
    }

    /// Ends the process by the stop signal received, if one was (an ingest under way got it too).
    private static func stopIfAsked() {
        let signal = sb_supervisor_received_signal()
        guard signal != 0 else { return }
        Output.error("watch: stopped by signal \(signal)")
        _ = IngestSupervisor.finish(like: .signalled(signal))
        exit(128 + signal)
    }

    /// Seconds on the monotonic clock, what `WatchSettling` compares.
    private static func now() -> Double {
        Double(MonotonicClock.now()) / 1e9
    }
}
