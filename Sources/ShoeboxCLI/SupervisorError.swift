/// Why `shoebox ingest` could not run its ingest process at all.
enum SupervisorError: Error, CustomStringConvertible {
    /// fork, or posix_spawn of this executable, failed, with the system's reason.
    case cannotStart(executable: String, reason: String)

    var description: String {
        switch self {
        case let .cannotStart(executable, reason): return "cannot start the ingest process \(executable): \(reason)"
        }
    }
}
