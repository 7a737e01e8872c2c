/// How a child process ended, from its `waitpid` status.
enum ChildEnding: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    /// Decodes a `waitpid` status (what the C macros WIFEXITED, WEXITSTATUS and WTERMSIG read;
    /// Swift does not import them). A stopped child is never waited for.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    var description: String {
        switch self {
        case let .exited(code): return "exited with status \(code)"
        case let .signalled(signal): return "died of \(RestartPolicy.crashSignals[signal] ?? "signal \(signal)")"
        }
    }
}
