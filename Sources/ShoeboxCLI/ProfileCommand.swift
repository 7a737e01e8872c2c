import Dispatch
import Foundation
import Shoebox
import ShoeboxGallery
#if canImport(Glibc)
import Glibc
#endif

enum ProfileCommand: Command {
    static let name = "profile"
    static let abstract = "Measure how fast the pipeline turns files into thumbnails, stage by stage."
    static let help = """
        OVERVIEW: \(abstract)
        Runs the real pipeline over the files into a throw-away library in a temporary folder
        ($TMPDIR, else /tmp) that is removed afterwards: no catalog of yours is read or written.
        Reports, per stage, the files, the work time (total, mean, p50, p95, max), how busy its
        workers were and how long they waited for input, with the busiest stage marked; then
        files/s, megapixels/s and bytes/s, overall and per format; CPU time and peak memory.

        USAGE: shoebox profile PATH... [--pipeline NAME|FILE] [--jobs N] [--trace FILE] [--html FILE] [--json]

        ARGUMENTS:
          PATH                    Folders (walked recursively) or single files.

        OPTIONS:
          --pipeline NAME|FILE    A pipeline from pipelines/ by name, or a JSON file (default: default).
                                  profile-decode only decodes: no thumbnail, no catalog, no file.
          --jobs N                Decode workers, 0 to \(WorkerLimit.maximum) (default: the pipeline's; 0 = one per core).
          --trace FILE            Also write one span per file per stage, one track per worker, as a
                                  Chrome trace (JSON) for ui.perfetto.dev or chrome://tracing.
          --html FILE             Also write the run as one page of charts (inline SVG, no
                                  network): stage work/waited/blocked, format rates, a
                                  timeline of every file's work, resident memory over time.
          --json                  Print the report as one JSON document instead of tables.
          -h, --help              Show this help.

        EXIT STATUS:
          0 the profile was made (failed files are counted in it and named on standard error),
          1 a PATH could not be read, the trace or the page could not be written (a missing or
            read-only folder for them is found before the run), or the run stopped,
          64 usage error (including an unknown or invalid pipeline),
          124 a file went over its time budget, or the signal of a C library crashing on a file
          (the profile stops there and names the file; the throw-away library is removed),
          128 + N on signal N (SIGINT, SIGTERM, SIGHUP, SIGQUIT; the library is removed too).
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--pipeline", "--jobs", "--trace", "--html"], flags: ["--json"])
        guard !args.positionals.isEmpty else { throw UsageError("give at least one PATH to profile") }
        let jobs = try args.jobs()
        let trace = args.value("--trace")
        let html = args.value("--html")
        // Found before the run, not after it: a run can take minutes.
        if let trace { try ReportFileError.check(trace, option: "--trace") }
        if let html { try ReportFileError.check(html, option: "--html") }
        let configuration = try PipelineLocator.load(args.value("--pipeline"))
        let profiler = PipelineProfiler(configuration: configuration, jobs: jobs)
        let interrupts = removeOnInterrupt(profiler.scratchFolder)
        defer { withExtendedLifetime(interrupts) {} }
        guardDecodes(removing: profiler.scratchFolder, decodeOnly: configuration.isDecodeOnly)
        Output.error(configuration.isDecodeOnly
            ? "profiling pipeline \"\(configuration.name)\" (decode-only: nothing is written)"
            : "profiling pipeline \"\(configuration.name)\" in a throw-away library in \(profiler.scratchFolder.path)")
        let run = try profiler.run(roots: args.positionalPaths) { event in
            switch event {
            case let .failed(error): Output.error("failed \(error)")
            case let .skipped(path, reason): Output.error("skipped \(path): \(reason)")
            default: break
            }
        }
        for warning in run.summary.rootWarnings { Output.error("warning: \(warning)") }
        Output.line(args.has("--json") ? try json(run.report) : run.report.text)
        var status = run.summary.unreadableRoots > 0 ? ExitStatus.failure : ExitStatus.success
        if let trace {
            do {
                try run.traceJSON().write(to: URL(fileURLWithPath: trace), options: .atomic)
                Output.error("trace written to \(trace): open it in ui.perfetto.dev or chrome://tracing")
            } catch {
                Output.error("Error: cannot write the trace to \(trace): \(error.localizedDescription)")
                status = ExitStatus.failure
            }
        }
        if let html {
            do {
                try Data(ProfileHTML.document(for: run).utf8).write(to: URL(fileURLWithPath: html), options: .atomic)
                Output.error("charts written to \(html): open it in a browser")
            } catch {
                Output.error("Error: cannot write the charts to \(html): \(error.localizedDescription)")
                status = ExitStatus.failure
            }
        }
        return status
    }

    static func json(_ report: ProfileReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    /// A file that crashes a decoder or outlasts its budget stops the profile: the guard
    /// removes the throw-away library (no Swift code runs on such an ending), names the file
    /// and says that nothing was recorded.
    private static func guardDecodes(removing folder: URL, decodeOnly: Bool) {
        CrashGuard.installWithoutLog()
        CrashGuard.removeAtEnd(folder)
        let done = decodeOnly ? " (profile stopped: nothing was recorded; "
            : " (profile stopped: nothing was recorded and the throw-away library is removed; "
        CrashGuard.announce(StopNotice(
            afterTimeout: done + "give the file more time with --pipeline and a larger limits.imageSeconds or videoSeconds, "
                + "or profile without it)",
            afterCrash: done + "profile without the file)"))
    }

    /// On Ctrl-C, SIGTERM, SIGHUP (a closed terminal) or SIGQUIT, removes the throw-away
    /// library before exiting (128 + the signal's number).
    private static func removeOnInterrupt(_ folder: URL) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP, SIGQUIT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                removeWhileWorkersWrite(folder)
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// The decode workers go on writing thumbnails while the folder is removed, so one pass
    /// can meet a file added behind it and leave the folder. Each pass removes what they
    /// added since; once the folder itself is gone, nothing can be created in it again.
    private static func removeWhileWorkersWrite(_ folder: URL) {
        for _ in 0..<50 {
            guard (try? folder.checkResourceIsReachable()) == true else { return }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
