import CCrashGuard
import Foundation
import Shoebox
#if canImport(Glibc)
import Glibc
#endif

/// Makes one `shoebox ingest` finish its batch although a C library may kill the process on a
/// file: the ingest runs in a child process (a copy of this one that runs `main()` again, or
/// this executable again when this process has other threads; same arguments, with
/// `SHOEBOX_SUPERVISOR` set), and when the child dies of a fatal signal in a decoder or stops
/// at a file over its time budget (status 124), the supervisor names the file on stderr and
/// starts it again. The new child records the file from the command's own crash log in the
/// library (`SupervisorCrashLog`: `crash-<16 hex>.log`, made and locked here for the
/// command's life, removed at its end, so that another ingest on the library never reads it
/// while the command lives, and takes it over once it is killed) as `crashed` or `timeout`
/// and goes on; a journal the children share makes the final summary
/// count every file once, and keeps the command from trying the file again.
///
/// What callers may rely on:
/// - the child dies with the supervisor (`PR_SET_PDEATHSIG`, checked against the race), so a
///   `kill -9` of the command leaves no orphan holding the library's lock for longer than the
///   child takes to die (and `LibraryLock` waits that long);
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT are forwarded to the child, and after one of them
///   nothing is restarted;
/// - restarts are bounded: never more than `maxRestarts`, and none when a restart made no
///   progress (the child died naming no file, or naming a file already recorded);
/// - the status is the last child's: 0 or 1 from its summary of the whole batch, or, when the
///   supervisor stops restarting, the child's own (its exit status, or its signal, raised again).
enum IngestSupervisor {
    /// Set in a child's environment:
    /// `<supervisor pid>:<journal descriptor>:<crash log name>:<in-flight table descriptor>`.
    static let environmentKey = "SHOEBOX_SUPERVISOR"
    static let maxRestarts = 100

    /// In a child: its journal and its supervisor's crash log, after making sure it dies with
    /// its supervisor and sharing its in-flight table; nil when this process is not
    /// supervised. Exits at once when the supervisor is already gone.
    static func supervisionIfSupervised() throws -> (journal: IngestJournal, crashLog: CrashLog)? {
        // getenv, not ProcessInfo: a forked child sets the marker itself, after its parent read
        // the environment.
        guard let raw = getenv(environmentKey) else { return nil }
        let marker = String(cString: raw)
        let parts = marker.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = [parts.first, parts.dropFirst().first, parts.last].compactMap { $0.flatMap { Int32($0) } }
        guard parts.count == 4, numbers.count == 3, let log = CrashLog(name: String(parts[2])) else {
            throw UsageError("\(environmentKey) is internal to shoebox ingest (got \"\(TerminalText.printable(marker))\")")
        }
        guard sb_supervised_child_setup(numbers[0]) == 0 else {
            Output.error("Error: the supervising shoebox process is gone; stopping")
            exit(ExitStatus.failure)
        }
        _ = try InFlightTable.share(descriptor: numbers[2])
        return (try IngestJournal(descriptor: numbers[1]), log)
    }

    /// Runs the command as supervised children until one finishes; returns the exit status.
    /// The command's crash log is retired before it ends, however the last child ended (a file
    /// it still names goes to `crash.log`, for the next ingest).
    static func run(library: Library) throws -> Int32 {
        let journal = try IngestJournal.create()
        let held = try SupervisorCrashLog.create(in: library)   // the library is sealed by now
        let inFlight = try InFlightTable.create()
        sb_supervisor_install()
        var policy = RestartPolicy(maxRestarts: maxRestarts)
        while true {
            let child: pid_t
            do {
                inFlight.clear()
                child = try start(journal: journal, log: held.log, inFlight: inFlight)
            } catch {
                try? held.retire()
                throw error
            }
            sb_supervisor_set_child(child)
            let ending = wait(for: child)
            sb_supervisor_set_child(0)
            let interrupted = sb_supervisor_received_signal() != 0
            if ending == .signalled(SIGKILL), !interrupted {   // no handler ran: the table names the files
                try? CrashGuard.recordKilled(from: inFlight, to: held.log, in: library)
            }
            switch policy.decide(ending, files: CrashGuard.failedFiles(in: library, logs: [held.log]), interrupted: interrupted) {
            case let .restart(line):
                Output.error(line, erasingProgressLine: true)   // the dead child's, still on screen
            case let .stop(line):
                if let line { Output.error(line, erasingProgressLine: true) }
                if interrupted, case .signalled = ending, let progress = inFlight.progress() {
                    Output.error(StoppedLine.text(done: progress.done, counted: progress.counted), erasingProgressLine: true)
                }
                try? held.retire()   // before `finish`, which may end the process by a signal
                return finish(like: ending)
            }
        }
    }

    /// Starts a child with the same arguments and environment, plus the marker: a copy of this
    /// process that runs `main()` again as a new process of this executable would (the second
    /// start of the executable skipped: ~40 ms of one core), or, when this process has other
    /// threads (a copy could inherit a lock one of them holds), this executable again.
    /// A copy is as safe to restart from as a new process: this process never decodes a file,
    /// so each child starts from the state the first one did.
    private static func start(journal: IngestJournal, log: CrashLog, inFlight: InFlightTable) throws -> pid_t {
        let marker = "\(getpid()):\(journal.descriptor):\(log.name):\(inFlight.descriptor)"
        let child = sb_supervisor_fork()
        switch child {
        case 0:
            setenv(environmentKey, marker, 1)
            sb_supervised_child_run { main() }   // on a thread of its own: see process_supervision.h
        case SB_FORK_HAS_THREADS:
            return try spawn(marker: marker)
        case ..<0:
            throw SupervisorError.cannotStart(executable: "by fork", reason: String(cString: strerror(errno)))
        default:
            return child
        }
    }

    /// Starts this executable again with the same arguments and environment, plus the marker;
    /// a catalog that carries a password goes in the environment, not in the arguments
    /// (`ArgumentSecrets`): `ps` shows a process's arguments to every user.
    private static func spawn(marker: String) throws -> pid_t {
        let (kept, catalog) = ArgumentSecrets.movingCatalog(outOf: CommandLine.arguments)
        return try SelfSpawn.start(arguments: kept, adding: ["\(environmentKey)=\(marker)"] + (catalog.map { ["SHOEBOX_CATALOG=\($0)"] } ?? []))
    }

    /// Waits for `child` to end, through interruptions by signals.
    static func wait(for child: pid_t) -> ChildEnding {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            if errno != EINTR { return .exited(ExitStatus.failure) }
        }
        return ChildEnding(waitStatus: status)
    }

    /// Ends like the child: its exit status, or its signal (without a core file of our own).
    static func finish(like ending: ChildEnding) -> Int32 {
        switch ending {
        case let .exited(code): return code
        case let .signalled(signal):
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            Glibc.signal(signal, SIG_DFL)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            sigprocmask(SIG_UNBLOCK, &set, nil)
            raise(signal)
            return 128 + signal
        }
    }
}
