import CCrashGuard
import Foundation
import Shoebox
#if canImport(Glibc)
import Glibc
#endif

/// Makes `shoebox profile` go on past a file that kills its process, as `ingest` does: the
/// profile runs in a child process (a copy of this one, or this executable again when this
/// process has other threads) that sends its timings as it goes (`ProfileRecord` lines on a
/// pipe). When the child dies on a file the crash guard names (a fatal signal in a decoder, the
/// watchdog's status 124, a SIGKILL while the in-flight table names files), the supervisor
/// names the file on stderr and starts a child that leaves out every file finished or died on;
/// `ProfileStitcher` makes one report of them all, the file counted as failed.
///
/// Everything lives in one work folder the supervisor makes in the temporary folder and
/// removes at its end, however the children ended: the throw-away library (`library/`, whose
/// `crash.log` the children's guard writes) and the list of files to leave out (`excluded`).
/// Restarts follow `RestartPolicy`, as ingest's do; SIGINT, SIGTERM, SIGHUP and SIGQUIT are
/// forwarded to the child, and the supervisor then ends as the child did.
enum ProfileSupervisor {
    /// Set in a child's environment:
    /// `<supervisor pid>:<record pipe>:<in-flight table>:<quiet: 0 or 1>:<work folder>`.
    static let environmentKey = "SHOEBOX_PROFILE_SUPERVISOR"

    /// The supervised child's side: where it runs and what it leaves out.
    struct Child {
        var configuration: PipelineConfiguration
        var library: URL
        var supervision: PipelineProfiler.Supervision
        /// Says nothing of failed and skipped files: a repeated run's were said by the first.
        var quiet: Bool
    }

    /// How the supervised run ended: the stitched profile, or the status to end with.
    enum Outcome {
        case profiled(PipelineProfiler.Run)
        case stopped(ChildEnding)
    }

    /// A new work folder's location in the temporary folder (`$TMPDIR`, else /tmp).
    static func newWorkFolder() -> URL {
        PipelineProfiler.newScratchFolder()
    }

    static func library(in work: URL) -> URL { work.appendingPathComponent("library") }
    static func excludedList(in work: URL) -> URL { work.appendingPathComponent("excluded") }
    /// The pipeline the children profile, as the supervisor loaded it (with `--compare`, each
    /// contender's in turn; the command's own arguments name only the first).
    static func pipelineFile(in work: URL) -> URL { work.appendingPathComponent("pipeline.json") }

    /// In a child: its library and supervision, after making sure it dies with its supervisor;
    /// nil when this process is not a supervised profile. Exits when the supervisor is gone.
    static func childIfSupervised() throws -> Child? {
        guard let raw = getenv(environmentKey) else { return nil }
        let marker = String(cString: raw)
        let parts = marker.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        let numbers = parts.prefix(4).compactMap { Int32($0) }
        guard parts.count == 5, numbers.count == 4, numbers[3] == 0 || numbers[3] == 1, parts[4].hasPrefix("/") else {
            throw UsageError("\(environmentKey) is internal to shoebox profile (got \"\(TerminalText.printable(marker))\")")
        }
        guard sb_supervised_child_setup(numbers[0]) == 0 else {
            Output.error("Error: the supervising shoebox process is gone; stopping")
            exit(ExitStatus.failure)
        }
        _ = try InFlightTable.share(descriptor: numbers[2])
        let work = URL(fileURLWithPath: String(parts[4]))
        let excluded = try PipelineProfiler.Supervision.excludedPaths(readFrom: excludedList(in: work))
        return Child(configuration: try PipelineConfiguration.load(from: pipelineFile(in: work)), library: library(in: work),
                     supervision: .init(descriptor: numbers[1], excluded: excluded), quiet: numbers[3] == 1)
    }

    /// Runs the profile in children until one finishes, or one ends in a way that is not
    /// restarted; `work` must not exist yet, and is removed before this returns. `quiet`: the
    /// children say nothing of failed files, and restarts are not announced (a repeated run's
    /// were, by the first run).
    static func run(_ configuration: PipelineConfiguration, in work: URL, quiet: Bool = false) throws -> Outcome {
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: work) }
        try JSONEncoder().encode(configuration).write(to: pipelineFile(in: work))
        var stitcher = ProfileStitcher(pipeline: configuration.name, mode: configuration.mode?.rawValue ?? "ingest")
        let library = Library(root: library(in: work))
        let inFlight = try InFlightTable.create()
        sb_supervisor_install()
        var policy = RestartPolicy(maxRestarts: IngestSupervisor.maxRestarts, command: "profile")
        while true {
            // A new library for each child: one a child died in holds files whose records did not
            // reach the supervisor, which the next child must decode again, not find unchanged.
            // Made here, so that a decode-only child's guard has its crash log's folder too.
            try? FileManager.default.removeItem(at: library.root)
            try library.prepare()
            try PipelineProfiler.Supervision.write(excluded: stitcher.settled, to: excludedList(in: work))
            inFlight.clear()
            let child = try start(work: work, inFlight: inFlight, quiet: quiet)
            sb_supervisor_set_child(child.pid)
            let records = try readRecords(from: child.records)
            let (ending, accounting) = wait(for: child.pid)
            sb_supervisor_set_child(0)
            let interrupted = sb_supervisor_received_signal() != 0
            if ending == .exited(0), records.contains(where: { if case .end = $0 { true } else { false } }) {
                stitcher.add(records, diedOn: [], accounting: accounting)
                return .profiled(stitcher.run())
            }
            if ending == .signalled(SIGKILL), !interrupted {
                try? CrashGuard.recordKilled(from: inFlight, to: .shared, in: library)
            }
            let files = CrashGuard.failedFiles(in: library, logs: [.shared])
            switch policy.decide(ending, files: files, interrupted: interrupted) {
            case let .restart(line):
                if !quiet { Output.error(line) }
                stitcher.add(records, diedOn: files, accounting: accounting, formatOf: sniffedFormat)
            case let .stop(line):
                if let line { Output.error(line) }
                return .stopped(ending)
            }
        }
    }

    /// The format of a file a child died on before saying what it was: from its first bytes
    /// (a TIFF-based RAW says `tiff` there), read as the read stage reads, never decoded.
    private static func sniffedFormat(_ path: String) -> MediaFormat? {
        (try? SourceFile.head(path, count: FormatSniffer.headerLength)).flatMap { FormatSniffer.format(of: $0) }
    }

    /// Starts a child: a copy of this process when it has one thread, else this executable
    /// again; returns its pid and the read end of the pipe its records come on.
    private static func start(work: URL, inFlight: InFlightTable, quiet: Bool) throws -> (pid: pid_t, records: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw SupervisorError.cannotStart(executable: "pipe", reason: String(cString: strerror(errno)))
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)   // the child has only the write end
        defer { close(ends[1]) }
        let marker = "\(getpid()):\(ends[1]):\(inFlight.descriptor):\(quiet ? 1 : 0):\(work.path)"
        let child = sb_supervisor_fork()
        switch child {
        case 0:
            setenv(environmentKey, marker, 1)
            sb_supervised_child_run { main() }   // on a thread of its own: see process_supervision.h
        case SB_FORK_HAS_THREADS:
            return (try spawn(marker: marker), ends[0])
        case ..<0:
            close(ends[0])
            throw SupervisorError.cannotStart(executable: "by fork", reason: String(cString: strerror(errno)))
        default:
            return (child, ends[0])
        }
    }

    private static func spawn(marker: String) throws -> pid_t {
        try SelfSpawn.start(arguments: CommandLine.arguments, adding: ["\(environmentKey)=\(marker)"])
    }

    /// Every record the child sends, until it closes the pipe (by ending); a last line cut
    /// short by its death is left out.
    private static func readRecords(from descriptor: Int32) throws -> [ProfileRecord] {
        defer { close(descriptor) }
        var records: [ProfileRecord] = [], pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[..<count]
            guard let last = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            records += try ProfileRecord.records(in: pending[...last])
            pending.removeSubrange(...last)
        }
        return records
    }

    /// Waits for the child; how it ended, with its CPU time and peak memory.
    private static func wait(for child: pid_t) -> (ChildEnding, ProfileStitcher.Accounting) {
        var status: Int32 = 0, usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 {
            if errno != EINTR { return (.exited(ExitStatus.failure), .init(cpuSeconds: nil, peakResidentBytes: nil)) }
        }
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (ChildEnding(waitStatus: status),
                .init(cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakResidentBytes: Int64(usage.ru_maxrss) * 1024))
    }
}
