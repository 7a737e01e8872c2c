/// The kind of failure recorded for a file, stable for scripts and `--retry-failed`.
public enum ErrorClass: String, Codable, Sendable, CaseIterable {
    /// Not a format Shoebox ingests (by content, not by name).
    case unsupported
    /// A supported format whose bytes are broken or truncated.
    case damaged
    /// Over a limit from the pipeline file (pixels, bytes).
    case tooLarge
    /// Could not be opened or read (permissions, not a regular file, I/O error).
    case unreadable
    /// Exceeded its time budget.
    case timeout
    /// Was in flight when the process died.
    case crashed
    /// Shoebox itself could not write its output (disk full, library not writable).
    case writeFailed
}
