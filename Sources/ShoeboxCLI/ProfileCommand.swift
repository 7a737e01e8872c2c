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
        failed files are counted apart, by class); where the work goes, by library (libvips,
        libjpeg-turbo, libde265, FFmpeg, LibRaw, ... and Shoebox's own resampler and
        metadata parsers), per stage and per format; CPU time and peak memory.
        As ingest does, it runs in a child process: a file that crashes a decoder or goes over
        its time budget is named, counted as failed, and the profile goes on without it.

        USAGE: shoebox profile PATH... [--pipeline NAME|FILE] [--jobs N] [--repeat N] [--baseline FILE [--max-slowdown PCT]] [--compare NAME|FILE]... [--compare-binary PATH] [--trace FILE] [--html FILE] [--json]

        ARGUMENTS:
          PATH                    Folders (walked recursively) or single files.

        OPTIONS:
          --pipeline NAME|FILE    A pipeline from pipelines/ by name, or a JSON file (default: default).
                                  profile-decode only decodes: no thumbnail, no catalog, no file.
          --jobs N                Decode workers, 0 to \(WorkerLimit.maximum) (default: the pipeline's; 0 = one per core).
          --repeat N              Run N times (1 to \(maxRepeats)) after a warm-up run, and report every figure's
                                  median and range (min-max) over the N; the tables, the trace and
                                  the page are the median run's (by wall time).
          --baseline FILE         Compare with a report saved by profile --json of the same files and
                                  pipeline name: time per file of each stage and format that carries
                                  at least 5% of the work. Exit status 2 when one is slower than
                                  --max-slowdown plus the noise the repeats of both measured.
          --max-slowdown PCT      The slowdown --baseline accepts, in percent (default: 10).
          --compare NAME|FILE     Run these pipelines (repeatable, comma-separated, or names after it
                                  that are no file) in turn round after round (--repeat rounds,
                                  default 3, after a warm-up round), and report each one's figures
                                  and its time per file to the first's (--pipeline's when given),
                                  stage by stage and format by format, as median ratios (min-max)
                                  pair by pair.
          --compare-binary PATH   Compare with another build of shoebox (of this version or later),
                                  running --pipeline's settings, in turn as --compare does.
          --trace FILE            Also write one span per file per stage, one track per worker, as a
                                  Chrome trace (JSON) for ui.perfetto.dev or chrome://tracing.
          --html FILE             Also write the run as one page of charts (inline SVG, no
                                  network): stage work/waited/blocked, format rates, a
                                  timeline of every file's work, resident memory over time,
                                  files/s and memory against files done (a leak or a slowdown).
          --json                  Print the report as one JSON document instead of tables (with what it
                                  was measured on: machine, files, pipeline; and the comparison).
          -h, --help              Show this help.

        EXIT STATUS:
          0 the profile was made (failed files are counted in it and named on standard error),
          1 a PATH could not be read, the trace or the page could not be written (a missing or
            read-only folder for them is found before the run), the baseline could not be read or
            is of other files or another pipeline, or the run stopped,
          2 with --baseline: a stage or format is slower than it allows,
          64 usage error (including an unknown or invalid pipeline),
          other: stopped by SIGINT, SIGTERM, SIGHUP or SIGQUIT, it ends by that signal (the
          throw-away library removed); when its child is not restarted (a crash outside any
          file's work, the same file twice, 100 restarts), the child's own ending.
        """

    /// At most this many measured runs: enough for any spread worth knowing.
    static let maxRepeats = 100

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--pipeline", "--jobs", "--trace", "--html", "--repeat",
                                                                 "--baseline", "--max-slowdown", "--compare", "--compare-binary"],
                                            flags: ["--json"])
        guard !args.positionals.isEmpty else { throw UsageError("give at least one PATH to profile") }
        let jobs = try args.jobs()
        if let child = try ProfileSupervisor.childIfSupervised() {   // its supervisor checked the rest
            return try profile(as: child, jobs: jobs, roots: comparedAndRoots(args).roots)
        }
        let repeats = try args.integer("--repeat", atLeast: 1, atMost: (maxRepeats, "runs of one profile"))
        let trace = args.value("--trace")
        let html = args.value("--html")
        // Found before the run, not after it: a run can take minutes.
        if let trace { try ReportFileError.check(trace, option: "--trace") }
        if let html { try ReportFileError.check(html, option: "--html") }
        let maxSlowdown = try Self.maxSlowdown(args)
        let configuration = try PipelineLocator.load(args.value("--pipeline"))
        let (compared, roots) = comparedAndRoots(args)
        let binaries = args.allValues("--compare-binary")
        if !compared.isEmpty || !binaries.isEmpty {
            guard trace == nil, html == nil, args.value("--baseline") == nil else {
                throw UsageError("--compare reports ratios only: --trace, --html and --baseline are for one pipeline")
            }
            for binary in binaries where !FileManager.default.isExecutableFile(atPath: binary) {
                throw UsageError("--compare-binary needs a shoebox executable, and \(binary) is not one")
            }
            // The reference: --pipeline's when given, else the first compared (default when the
            // one compared is the only pipeline, or when only another build is compared).
            var pipelines = try compared.map(PipelineLocator.load)
            if args.value("--pipeline") != nil || pipelines.count + binaries.count < 2 || pipelines.isEmpty {
                pipelines.insert(configuration, at: 0)
            }
            let contenders = pipelines.map(ProfileContender.pipeline)
                + binaries.map { ProfileContender.binary(URL(fileURLWithPath: $0), pipelines[0]) }
            return try compare(contenders, roots: roots, jobs: jobs, rounds: repeats ?? 3, json: args.has("--json"))
        }
        let baseline = try args.value("--baseline").map(BaselineFileError.report(at:))
        var run: PipelineProfiler.Run
        switch try measuredRuns(configuration, repeats: repeats, keepingTimings: trace != nil || html != nil) {
        case let .profiled(profiled): run = profiled
        case let .stopped(ending): return IngestSupervisor.finish(like: ending)
        }
        for warning in run.summary.warnings { Output.error("warning: \(warning)") }
        run.report.context = ProfileContext(report: run.report, configuration: configuration)
        var status = run.summary.unreadableRoots > 0 ? ExitStatus.failure : ExitStatus.success
        if let baseline {
            do { run.report.comparison = try ProfileComparison(current: run.report, baseline: baseline, maxSlowdown: maxSlowdown) } catch {
                Output.error("Error: cannot compare with the baseline \(args.value("--baseline") ?? ""): \(error)")
                status = ExitStatus.failure
            }
        }
        Output.line(args.has("--json") ? try json(run.report) : run.report.text)
        if let comparison = run.report.comparison {
            if !args.has("--json") { Output.line("\n" + comparison.text) }
            if !comparison.regressions.isEmpty { status = ExitStatus.slower }
        }
        if let trace, !write(trace, what: "the trace", { try run.traceJSON() }) { status = ExitStatus.failure }
        if let html, !write(html, what: "the charts", { Data(ProfileHTML.document(for: run).utf8) }) { status = ExitStatus.failure }
        return status
    }

    /// One profile, or with `repeats`, a warm-up and that many measured runs: the median run
    /// by wall time, its report carrying every figure's spread. Each run is a supervised
    /// profile in a work folder of its own; only the first says which files failed. The
    /// timings of every run are kept only when a trace or a page is asked for (they are drawn
    /// from the median run, known at the end); otherwise only the reports are.
    private static func measuredRuns(_ configuration: PipelineConfiguration, repeats: Int?,
                                     keepingTimings: Bool) throws -> ProfileSupervisor.Outcome {
        var runs: [PipelineProfiler.Run] = []
        for index in 0...(repeats ?? 0) {
            let work = ProfileSupervisor.newWorkFolder()
            if index == 0 {
                Output.error(configuration.isDecodeOnly
                    ? "profiling pipeline \"\(configuration.name)\" (decode-only: nothing is written but a crash log)"
                    : "profiling pipeline \"\(configuration.name)\" in a throw-away library in \(work.path)")
            }
            let outcome = try ProfileSupervisor.run(configuration, in: work, quiet: index > 0)
            guard case var .profiled(run) = outcome else { return outcome }
            guard let repeats else { return .profiled(run) }
            let seconds = String(format: "%.2f", run.report.wallSeconds)
            Output.error(index == 0 ? "warm-up run: \(seconds) s" : "run \(index) of \(repeats): \(seconds) s")
            if index == 0 { continue }
            if !keepingTimings { (run.timings, run.memory) = ([], []) }
            runs.append(run)
        }
        let spread = ProfileRepeats(runs.map(\.report))
        var median = runs[spread.medianRun]
        median.report.repeats = spread
        return .profiled(median)
    }

    /// `--compare`: a warm-up round, then `rounds` rounds, each running every contender in turn
    /// (A B A B, so that whatever the machine does falls on both); prints each contender's
    /// figures and its ratios to the first, pair by pair.
    private static func compare(_ contenders: [ProfileContender], roots: [String], jobs: Int?, rounds: Int,
                                json: Bool) throws -> Int32 {
        Output.error("comparing " + contenders.map { "\"\($0.name)\"" }.joined(separator: " with ")
                     + " in turn: a warm-up round and \(rounds) more")
        var runs = Array(repeating: [ProfileReport](), count: contenders.count)
        for round in 0...rounds {
            for (index, contender) in contenders.enumerated() {
                switch try contender.profile(roots: roots, jobs: jobs, quiet: round > 0 || index > 0) {
                case let .stopped(status): return status
                case let .report(report):
                    if round > 0 { runs[index].append(report) }
                    Output.error("\(round == 0 ? "warm-up round" : "round \(round) of \(rounds)"), \"\(contender.name)\": "
                                 + String(format: "%.2f s", report.wallSeconds))
                }
            }
        }
        let matchup = ProfileMatchup(runs: runs, names: contenders.map(\.name))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Output.line(String(decoding: try encoder.encode(matchup), as: UTF8.self))
        } else {
            Output.line(matchup.text)
        }
        return ExitStatus.success
    }

    /// The pipelines `--compare` names (repeated, comma-separated, or, as in `--compare default
    /// bench-256 PHOTOS`, followed by more names), and the paths to profile. A positional
    /// argument is a pipeline only with `--compare`, when no file or folder has that name and
    /// a pipeline does; the supervised children split the arguments the same way.
    static func comparedAndRoots(_ args: CommandLineArguments) -> (compared: [String], roots: [String]) {
        let compared = args.allValues("--compare").flatMap { $0.split(separator: ",").map(String.init) }
        guard !compared.isEmpty else { return ([], args.positionalPaths) }
        var info = stat()
        let isPipeline = { (argument: String) in
            lstat(argument, &info) != 0 && (try? PipelineLocator.load(argument)) != nil
        }
        return (compared + args.positionalPaths.filter(isPipeline), args.positionalPaths.filter { !isPipeline($0) })
    }

    /// `--max-slowdown PCT` as a fraction (default 10%).
    private static func maxSlowdown(_ args: CommandLineArguments) throws -> Double {
        guard let text = args.value("--max-slowdown") else { return 0.10 }
        guard let percent = Double(text), percent.isFinite, percent >= 0, percent <= 1000 else {
            throw UsageError("--max-slowdown takes a percentage from 0 to 1000, not \"\(text)\"")
        }
        guard args.value("--baseline") != nil else { throw UsageError("--max-slowdown needs --baseline FILE to compare with") }
        return percent / 100
    }

    /// Writes what `data` makes to `path`, atomically, and says so; false (and why) on failure.
    private static func write(_ path: String, what: String, _ data: () throws -> Data) -> Bool {
        do {
            try data().write(to: URL(fileURLWithPath: path), options: .atomic)
            Output.error(what == "the trace" ? "trace written to \(path): open it in ui.perfetto.dev or chrome://tracing"
                                             : "charts written to \(path): open it in a browser")
            return true
        } catch {
            Output.error("Error: cannot write \(what) to \(path): \(error.localizedDescription)")
            return false
        }
    }

    /// The supervised child: profiles the files its supervisor did not leave out, sending the
    /// records as it goes; prints no report (the supervisor does). A file it dies on is named
    /// in the crash log, for the supervisor; this process says nothing of it.
    private static func profile(as child: ProfileSupervisor.Child, jobs: Int?, roots: [String]) throws -> Int32 {
        try CrashGuard.install(for: Library(root: child.library), log: .shared)
        CrashGuard.announce(nil)
        let profiler = PipelineProfiler(configuration: child.configuration, jobs: jobs, scratchFolder: child.library)
        _ = try profiler.run(roots: roots, supervision: child.supervision) { event in
            guard !child.quiet else { return }
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
