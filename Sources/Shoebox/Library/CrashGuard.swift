import CCrashGuard
import Foundation

/// Knows which file each worker is decoding, so that a C library that kills the process on
/// one file cannot kill every later run on it too.
///
/// While a worker runs C code on a file, its path sits in a per-thread buffer; a fatal signal
/// (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) writes that path to the process's crash log in
/// the library (`CrashLog`: its supervisor's own, or `crash.log`) before the process dies. The
/// next ingest process reading that log records each logged file as `crashed` (skipped until
/// `--retry-failed`) before walking. Bystanders are not blamed: only the thread that
/// died logs its file. A SIGKILL runs no handler: a supervised child's files in flight are
/// read from its `InFlightTable` by its supervisor instead.
public enum CrashGuard {
    /// Sends this process's crash reports to `log` in `library`, for the next ingest that
    /// reads that log to record.
    public static func install(for library: Library, log: CrashLog) throws {
        guard sb_crash_guard_install(log.path(in: library)) == 0 else {
            throw LibraryError.cannotCreate(log.path(in: library), String(cString: strerror(errno)))
        }
    }

    /// Guards a process that records nothing about a file it dies on (`covers`): the file is
    /// still named on stderr (`announce`).
    public static func installWithoutLog() {
        _ = sb_crash_guard_install(nil)   // no file to open: it cannot fail
    }

    /// What this process says on stderr when the guard ends it on a file, after naming it;
    /// nil says nothing, for a process whose supervisor names the file (and goes on). Set it
    /// before any work, once: it must say truthfully what was recorded and what to do.
    public static func announce(_ notice: StopNotice?) {
        sb_crash_guard_set_notice(notice?.afterTimeout, notice?.afterCrash)
    }

    /// Runs `body` with `path` named as this thread's file, should the process die in it. With
    /// a budget, a watchdog ends the process if `body` runs longer, naming the file as timed out.
    public static func whileWorking<T>(on path: String, budgetSeconds: Int = 0, _ body: () throws -> T) rethrows -> T {
        sb_crash_guard_enter(logText(path), Int32(clamping: budgetSeconds))
        defer { sb_crash_guard_leave() }
        return try body()
    }

    /// Starts the calling thread's budget (of `whileWorking`) again from now, after a wait that
    /// was not its file's work.
    static func restartBudget() {
        sb_crash_guard_restart_budget()
    }

    /// The files an earlier process died on, as `logs` name them (and the logs of dead
    /// supervisors `taken` over, `OrphanedCrashLogs`), each once, with why (`crashed` or
    /// `timeout`); the logs are emptied by `forget`.
    public static func failedFiles(in library: Library, logs: [CrashLog], taken: [[UInt8]] = []) -> [CrashedFile] {
        crashedLines(logs.map { contents(of: $0, in: library) } + taken).map { line in
            if line.hasPrefix("timeout\t") { return CrashedFile(path(fromLogText: String(line.dropFirst(8))), .timeout) }
            if line.hasPrefix("own\t") { return CrashedFile(path(fromLogText: String(line.dropFirst(4))), .crashed, inOwnCode: true) }
            if line.hasPrefix("killed\t") { return CrashedFile(path(fromLogText: String(line.dropFirst(7))), .crashed, wasKilled: true) }
            return CrashedFile(path(fromLogText: line), .crashed)
        }
    }

    /// A path as one line of the log: a file name may hold a newline, so `\` is written `\\`
    /// and a newline `\n` (byte by byte: `\r\n` is one Swift character, and must not hide a newline).
    static func logText(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == backslash || $0 == newline }) else { return path }
        var text: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case backslash: text += [backslash, backslash]
            case newline: text += [backslash, UInt8(ascii: "n")]
            default: text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func path(fromLogText text: String) -> String {
        guard text.utf8.contains(backslash) else { return text }
        var bytes: [UInt8] = [], escaped = false
        for byte in text.utf8 {
            if escaped {
                bytes.append(byte == UInt8(ascii: "n") ? newline : byte)
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")

    /// The lines of the logs' `texts`, each once.
    private static func crashedLines(_ texts: [[UInt8]]) -> [String] {
        var seen = Set<[UInt8]>()
        return texts.flatMap { text in
            text.split(separator: newline).filter { seen.insert(Array($0)).inserted }.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private static func contents(of log: CrashLog, in library: Library) -> [UInt8] {
        // An empty log is the usual case; it is not read at all (Foundation leaks a buffer
        // on reading an empty file, which LeakSanitizer reports).
        let path = log.path(in: library)
        guard let size = SourceFile.status(ofPath: path)?.size, size > 0,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Array(text.utf8)
    }

    /// Empties `logs` once their files are recorded (never through a link).
    public static func forget(in library: Library, logs: [CrashLog]) {
        for log in logs {
            let fd = open(log.path(in: library), O_WRONLY | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { close(fd) }
        }
    }

    /// Writes the files of `table` (a supervised child's, which died of SIGKILL) to `log` as
    /// killed, for the next child to record (`failedFiles` reads them back).
    public static func recordKilled(from table: InFlightTable, to log: CrashLog, in library: Library) throws {
        let texts = table.paths()
        guard !texts.isEmpty else { return }
        try append(Array(texts.map { "killed\t\($0)\n" }.joined().utf8), to: log, in: library)
    }

    /// Appends `lines` (whole lines of a log) to `log`, as the crash guard appends (O_APPEND,
    /// never through a link), for the next ingest to record.
    static func append(_ lines: [UInt8], to log: CrashLog, in library: Library) throws {
        let path = log.path(in: library)
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LibraryError.cannotCreate(path, String(cString: strerror(errno))) }
        defer { close(fd) }
        let written = lines.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == lines.count else { throw LibraryError.system(path: path, operation: "write", code: errno) }
    }

    #if DEBUG
    /// Test builds only: a decoder that crashes on purpose on files whose path contains
    /// `$SHOEBOX_TEST_CRASH_ON` (abort, in the C library), traps on those containing
    /// `$SHOEBOX_TEST_TRAP_ON` (a Swift runtime check, in Shoebox's own code), kills its process
    /// (SIGKILL) on those containing `$SHOEBOX_TEST_KILL_ON`, hangs on those containing `$SHOEBOX_TEST_HANG_ON`, or stops
    /// its process (SIGSTOP) on those containing `$SHOEBOX_TEST_STOP_ON`, so that the tests
    /// can watch a crash, a hang or a stop be survived.
    static func crashOnPurposeIfAsked(_ path: String) {
        let environment = ProcessInfo.processInfo.environment
        if let trigger = environment["SHOEBOX_TEST_CRASH_ON"], !trigger.isEmpty, path.contains(trigger) {
            abort()
        }
        if let trigger = environment["SHOEBOX_TEST_TRAP_ON"], !trigger.isEmpty, path.contains(trigger) {
            // A failed Swift runtime check, as a number from a file out of Int's range would make.
            let outOfRange = Double(path.utf8.count) * .infinity
            _ = Int(outOfRange)
        }
        if let trigger = environment["SHOEBOX_TEST_KILL_ON"], !trigger.isEmpty, path.contains(trigger) {
            kill(getpid(), SIGKILL)   // as the out-of-memory killer ends a process: no handler runs
        }
        if let trigger = environment["SHOEBOX_TEST_HANG_ON"], !trigger.isEmpty, path.contains(trigger) {
            // Said first, so that a test waits for this line instead of guessing when it is here.
            FileHandle.standardError.write(Data("shoebox test: hanging process \(getpid())\n".utf8))
            while true { sleep(60) }   // a decoder stuck for good
        }
        if let trigger = environment["SHOEBOX_TEST_STOP_ON"], !trigger.isEmpty, path.contains(trigger) {
            // Stopped as Ctrl-Z stops a batch, with the file in hand; once continued, it stays
            // in hand for a second more (four of the watchdog's looks) before the decode.
            FileHandle.standardError.write(Data("shoebox test: stopping process \(getpid())\n".utf8))
            kill(getpid(), SIGSTOP)
            usleep(1_000_000)
        }
    }
    #endif
}
