import Foundation
import Shoebox

/// When `shoebox ingest`'s supervisor starts its ingest process again, and the line it prints:
/// a pure function of how each child ended and which files the crash log names.
///
/// A child is started again only when it died on a file the crash guard named (a fatal signal
/// in a decoder, the watchdog's status 124, or a SIGKILL while the in-flight table named
/// files), no stop was asked for (SIGINT, SIGTERM...),
/// and the restart is progress: the file was not named before in this command (the restarted
/// child records it and never decodes it again, so a file named twice means going round in
/// circles), and there have been fewer than `maxRestarts` restarts.
struct RestartPolicy {
    /// The decision about one child that ended.
    enum Decision: Equatable {
        /// Start the child again; the line says which file, why, and how it is recorded.
        case restart(line: String)
        /// Stop and end as the child did; the line, if any, says why there is no restart.
        case stop(line: String?)
    }

    let maxRestarts: Int
    /// The command whose process is restarted (`ingest`, `profile`), for the lines.
    let command: String
    private(set) var restarts = 0
    private var named: Set<[UInt8]> = []

    init(maxRestarts: Int = 100, command: String = "ingest") {
        self.maxRestarts = maxRestarts
        self.command = command
    }

    /// What a person does when the command stops without finishing.
    private var goOn: String {
        command == "ingest" ? "run the same ingest again to go on" : "\(command) again without that file"
    }

    /// The signals the crash guard names a file for before the process dies of them.
    static let crashSignals: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                                SIGILL: "SIGILL", SIGABRT: "SIGABRT"]

    /// Decides about a child that ended as `ending`, with `files` in the crash log, after the
    /// supervisor was (`interrupted`) or was not asked to stop.
    mutating func decide(_ ending: ChildEnding, files: [CrashedFile],
                         interrupted: Bool) -> Decision {
        let killed = ending == .signalled(SIGKILL), killedFiles = files.filter(\.wasKilled)
        if killed, !interrupted, killedFiles.isEmpty { return .stop(line: killedLine) }
        guard Self.diedOnAFile(ending) || killed, !interrupted else { return .stop(line: nil) }
        guard let file = files.last else {
            return .stop(line: "shoebox: stopped: the \(command) process \(ending) outside any decoder, so there is no file to go on without")
        }
        let what = describe(ending, file: file, killed: killedFiles)
        if files.contains(where: { named.contains(Array($0.path.utf8)) }) {
            return .stop(line: "shoebox: stopped: \(what) again after it was recorded; \(goOn)")
        }
        guard restarts < maxRestarts else {
            return .stop(line: "shoebox: stopped after \(maxRestarts) restarts: \(what); \(goOn)")
        }
        files.forEach { named.insert(Array($0.path.utf8)) }
        restarts += 1
        let them = killedFiles.count > 1 ? "them" : "it"
        let recorded = command == "ingest" ? "recorded" : "counted"
        return .restart(line: "shoebox: \(what): \(recorded) as \(file.errorClass.rawValue), the \(command) goes on without \(them) (restart \(restarts))")
    }

    /// A SIGKILL this command did not send, outside any file's work: no file to blame, so the
    /// user is told what usually sends it, and that what was finished is kept.
    var killedLine: String {
        let kept = command == "ingest" ? "; every file finished before is recorded: run the same ingest again to go on" : ""
        return "shoebox: stopped: the \(command) process was killed (SIGKILL), as the kernel's out-of-memory killer "
            + "or a kill -9 does\(kept) (under a memory limit, lower limits.decodeMemoryBytes or --jobs)"
    }

    private static func diedOnAFile(_ ending: ChildEnding) -> Bool {
        switch ending {
        case .exited(124): return true
        case let .signalled(signal): return crashSignals[signal] != nil
        case .exited: return false
        }
    }

    /// `a C library crashed on PATH (SIGABRT)`, `a runtime check in Shoebox's own code failed
    /// on PATH (SIGILL)`, `the ingest process was killed (SIGKILL) while working on PATH`, or
    /// `PATH went over its time budget`.
    private func describe(_ ending: ChildEnding, file: CrashedFile, killed: [CrashedFile]) -> String {
        guard case let .signalled(signal) = ending else { return "\(file.path) went over its time budget" }
        if file.wasKilled {
            return "the \(command) process was killed (SIGKILL, as the out-of-memory killer does) while working on "
                + killed.map(\.path).joined(separator: " and ")
        }
        let what = file.inOwnCode ? "a runtime check in Shoebox's own code failed on" : "a C library crashed on"
        return "\(what) \(file.path) (\(Self.crashSignals[signal] ?? "signal \(signal)"))"
    }
}
