/// Why `profile --compare-binary PATH` got no profile from the other build.
enum CompareBinaryError: Error, CustomStringConvertible {
    case cannotRun(path: String, reason: String)
    /// It ran but printed no report this Shoebox reads: it failed, or is an older build
    /// whose `profile --json` lacks what this one reports.
    case noReport(path: String, status: Int32, said: String)

    var description: String {
        switch self {
        case let .cannotRun(path, reason): return "cannot run \(path): \(reason)"
        case let .noReport(path, status, said):
            return "\(path) profile ended with status \(status) and no report this shoebox reads (it must be a build "
                + "of this version or later)" + (said.isEmpty ? "" : ": \(said)")
        }
    }
}
