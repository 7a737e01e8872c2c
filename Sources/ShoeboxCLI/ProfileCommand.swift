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
        files/s, megapixels/s and bytes/s, overall and per format (over the files decoded:
        failed files are counted apart, by class); CPU time and peak memory.
        As ingest does, it runs in a child process: a file that crashes a decoder or goes over
        its time budget is named, counted as failed, and the profile goes on without it.

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
          other: stopped by SIGINT, SIGTERM, SIGHUP or SIGQUIT, it ends by that signal (the
          throw-away library removed); when its child is not restarted (a crash outside any
          file's work, the same file twice, 100 restarts), the child's own ending.
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
        if let child = try ProfileSupervisor.childIfSupervised() {
            return try profile(as: child, configuration: configuration, jobs: jobs, roots: args.positionalPaths)
        }
        let work = ProfileSupervisor.newWorkFolder()
        Output.error(configuration.isDecodeOnly
            ? "profiling pipeline \"\(configuration.name)\" (decode-only: nothing is written but a crash log)"
            : "profiling pipeline \"\(configuration.name)\" in a throw-away library in \(work.path)")
        let stitcher = ProfileStitcher(pipeline: configuration.name, mode: configuration.mode?.rawValue ?? "ingest")
        let run: PipelineProfiler.Run
        switch try ProfileSupervisor.run(in: work, stitcher: stitcher) {
        case let .profiled(profiled): run = profiled
        case let .stopped(ending): return IngestSupervisor.finish(like: ending)
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

    /// The supervised child: profiles the files its supervisor did not leave out, sending the
    /// records as it goes; prints no report (the supervisor does). A file it dies on is named
    /// in the crash log, for the supervisor; this process says nothing of it.
    private static func profile(as child: ProfileSupervisor.Child, configuration: PipelineConfiguration, jobs: Int?,
                                roots: [String]) throws -> Int32 {
        try CrashGuard.install(for: Library(root: child.library), log: .shared)
        CrashGuard.announce(nil)
        let profiler = PipelineProfiler(configuration: configuration, jobs: jobs, scratchFolder: child.library)
        _ = try profiler.run(roots: roots, supervision: child.supervision) { event in
            switch event {
            case let .failed(error): Output.error("failed \(error)")
            case let .skipped(path, reason): Output.error("skipped \(path): \(reason)")
            default: break
            }
        }
        return ExitStatus.success
    }

    static func json(_ report: ProfileReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}
