import Foundation
import Shoebox
#if canImport(Glibc)
import Glibc
#endif

enum IngestCommand: Command {
    static let name = "ingest"
    static let abstract = "Ingest folders of photos into the catalog, with thumbnails."
    static let help = """
        OVERVIEW: \(abstract)
        Unchanged files are not decoded again; new and changed files are (a file whose XMP
        or Takeout sidecar alone changed has its metadata read again, not its pixels); files
        gone from disk are flagged missing (never when a whole root is missing or empty).
        Originals are opened read-only and never modified. A file that crashes a decoder or goes over
        its time budget is recorded (crashed, timeout) and the ingest goes on without it:
        the work runs in a child process, started again past such a file.
        With a PostgreSQL catalog, ingest is one worker of many: run it on several machines
        (or several times on one) over the same PATHs and --library; each walks the PATHs,
        adds what it finds to the catalog's work queue, and claims files from it, so each file
        is done once per run; run again, it looks at each file again as above (--retry-failed
        included), and a worker whose walk completed flags the files gone as missing, once no
        worker is at work under that PATH (docs/CATALOG.md, "The work queue"; `shoebox status` shows the queue).

        USAGE: shoebox ingest PATH... [--library DIR] [--catalog URL] [--pipeline NAME|FILE] [--jobs N]
                              [--retry-failed] [--json] [--quiet] [--no-supervise] [--lease SECONDS]
                              [--covers] [--gallery DIR]

        ARGUMENTS:
          PATH                    Folders (walked recursively) or single files.

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --pipeline NAME|FILE    A pipeline from pipelines/ by name, or a JSON file (default: default).
          --jobs N                Decode workers, 0 to \(WorkerLimit.maximum) (default: the pipeline's; 0 = one per core).
          --retry-failed          Also retry files recorded as failed that have not changed
                                  (each at most once per command).
          --json                  One JSON object a line on standard output for each file's
                                  outcome, then a summary object (schema: docs/CLI.md, "The JSON lines").
          --quiet                 Print only failures, warnings and the summary.
          --no-supervise          Run in this process, without a child (for debugging): a crash
                                  or a file over its budget then stops the run, and the next run
                                  records the file and goes on.
          --lease SECONDS         With a PostgreSQL catalog: how long this worker's claims
                                  last without renewal (default: 60; renewed every third of it).
                                  A worker that dies holds its files that long.
          --covers                Then render every album's cover images, as `shoebox covers` does.
          --gallery DIR           Then write the gallery into DIR, as `shoebox gallery --out DIR`
                                  does: the whole job in one command, for a script or a timer.
          -h, --help              Show this help.

        PROGRESS:
          On a terminal, one line redrawn in place: a bar once the files are counted (a quick
          count runs ahead of the walk; a spinner before), files/s, MB/s decoded, time left,
          failures, the file being decoded.
          Otherwise (or with NO_COLOR set, or TERM=dumb) plain lines: one per ingested, moved,
          failed, skipped or missing file, and a progress line every 10 seconds.
          Stopped by a signal, it says last how far it got ("stopped: 37 of 183 files done; run
          the same command again to go on"): what is done is in the catalog.

        EXIT STATUS:
          0 no file failed in this run (unchanged earlier failures are counted as "still failed"),
          1 some files failed (crashed and timed-out ones included), a PATH could not be read,
            or the run stopped,
          64 usage error (including an unknown or invalid pipeline),
          otherwise the ingest process's own ending when it is not restarted (after 100
          restarts, or a crash naming no file or a file already recorded); with --no-supervise,
          124 for a file over its time budget, or the signal of a crash. SIGINT, SIGQUIT,
          SIGTERM and SIGHUP stop the ingest, which ends by that signal (a shell shows 128 + its
          number: 130, 131, 143, 129). With a PostgreSQL catalog, SIGINT, SIGTERM and SIGHUP
          first let the worker finish the files in hand and give its other claims back.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let supervision = try IngestSupervisor.supervisionIfSupervised()   // first: a child dies with its supervisor
        let journal = supervision?.journal
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--pipeline", "--jobs", "--lease", "--gallery"],
                                            flags: ["--retry-failed", "--no-supervise", "--json", "--quiet", "--covers"])
        guard !args.positionals.isEmpty else { throw UsageError("give at least one PATH to ingest") }
        if args.has("--json") && (args.has("--covers") || args.value("--gallery") != nil) {
            throw UsageError("--json writes the ingest's lines alone: run `shoebox covers` and `shoebox gallery` after it")
        }
        let options = IngestOptions(jobs: try args.jobs().map { $0 == 0 ? WorkerLimit.onePerCore : $0 },
                                    retryFailed: args.has("--retry-failed"), journal: journal,
                                    lease: try args.integer("--lease", atLeast: 1).map { .seconds($0) },
                                    crashLog: supervision?.crashLog ?? .shared)
        let configuration = try PipelineLocator.load(args.value("--pipeline"))
        if configuration.isDecodeOnly {
            throw UsageError("pipeline \"\(configuration.name)\" is decode-only (no thumbnails, no catalog): use it with `shoebox profile`")
        }
        let library = LibraryOption.library(args)
        let location = try CatalogOption.location(args, library: library)
        if let inside = library.firstContained(in: args.positionalPaths) {
            throw UsageError("\(TerminalText.printable(inside)) is the library \(library.root.path) or lies inside it; "
                + "a library is never ingested (give a PATH outside it)")
        }
        try IngestRootError.check(args.positionalPaths, library: library)
        try library.seal()   // before anything is written there (the supervisor's crash log first)
        if journal == nil && !args.has("--no-supervise") {
            return try IngestFollowUp.run(after: try IngestSupervisor.run(library: library), args)
        }
        let status = try ingest(args, options: options, configuration: configuration, library: library, location: location)
        // A supervised child ingests only; its supervisor, or this process unsupervised, follows up.
        return journal == nil ? try IngestFollowUp.run(after: status, args) : status
    }

    /// The ingest itself, in this process, holding the library's lock until it returns.
    private static func ingest(_ args: CommandLineArguments, options: IngestOptions, configuration: PipelineConfiguration,
                               library: Library, location: CatalogLocation) throws -> Int32 {
        let journal = options.journal
        // A supervised child says nothing when the guard ends it: its supervisor names the file.
        CrashGuard.announce(journal == nil ? .unsupervisedIngest : nil)
        // Sniffed here, in the process that ingests (a supervisor only starts it). A queue worker
        // may be handed any file of the queue, not only its own roots.
        var options = options
        options.stillFormats = location.holdsAQueue ? nil : RootFormats.sniffed(args.positionalPaths)
        // libvips starts beside the lock and the catalog's creation, and FFmpeg is loaded after
        // it there when the files need it; both waited for before the first file.
        let formats = options.stillFormats
        let vips = VipsStartup.begin(needing: formats, then: { FFmpegPrefetch.load(for: formats) })
        defer { vips.finish() }
        // Queue workers (a PostgreSQL catalog) share the library; other ingests have it alone.
        let lock = try LibraryLock(library, shared: location.holdsAQueue)
        defer { withExtendedLifetime(lock) {} }
        try library.prepare()
        let catalog = try CatalogFactory.open(location, for: .writing, notices: Output.catalogNotices)
        let pipeline = IngestPipeline(configuration: configuration, catalog: catalog, library: library, options: options)
        let style = ProgressReporter.style(quiet: args.has("--quiet"))
        let json = args.has("--json")
        let reporter = ProgressReporter(style: style, progress: pipeline.progress, found: { pipeline.discovered.value })
        if style != .quiet {
            Output.error("ingesting into \(library.root.path) with pipeline \"\(configuration.name)\", \(pipeline.decodeWorkers) decode workers")
        }
        // A queue worker stops gracefully: its claims must not wait out their leases.
        if location.holdsAQueue { StopRequest.install() }
        try vips.wait()
        let summary = try pipeline.run(roots: args.positionalPaths) { event in
            reporter.report(event)
            if json { IngestJSONLines.write(IngestJSONLines.object(for: event)) }
        }
        reporter.finish()
        #if DEBUG
        if ProcessInfo.processInfo.environment["SHOEBOX_TEST_SAY_MODULES"] != nil {   // RootFormatsTests
            // Read to its end: a /proc file says it is empty, so a sized read would stop short.
            let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
            let loaded = ["heif", "jxl"].filter { maps.contains("/vips-\($0).so") }
            Output.error("shoebox test: libvips modules [\(loaded.joined(separator: ","))]")
        }
        #endif
        if let signal = StopRequest.signal {
            Output.error("shoebox: stopped by signal \(signal): the files in hand were finished, the other claims given back")
            StopRequest.endBy(signal)
        }
        let status = summary.failed > 0 || summary.unreadableRoots > 0 ? ExitStatus.failure : ExitStatus.success
        if json {
            IngestJSONLines.write(IngestJSONLines.summary(summary, status: status))
        } else {
            Output.line(summaryLine(summary))
        }
        for warning in summary.warnings { Output.error("warning: \(warning)") }
        if summary.stillFailed > 0 && style != .quiet {
            Output.error("note: \(summary.stillFailed) files failed in an earlier run and have not changed; --retry-failed retries them")
        }
        return status
    }

    private static func summaryLine(_ summary: IngestSummary) -> String {
        let rate = summary.seconds > 0 ? Double(summary.filesSeen) / summary.seconds : 0
        return """
            ingested \(summary.ingested), unchanged \(summary.unchanged), moved or touched \(summary.relocated), \
            failed \(summary.failed), still failed \(summary.stillFailed), skipped \(summary.skipped), newly missing \(summary.missing) \
            in \(String(format: "%.2f", summary.seconds)) s (\(String(format: "%.1f", rate)) files/s)
            """
    }
}
