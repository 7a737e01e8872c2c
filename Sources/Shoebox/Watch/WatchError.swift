/// Why a folder cannot be watched; each names the folder and the reason.
public enum WatchError: Error, CustomStringConvertible, Equatable {
    /// inotify_init1 failed (`reason` is the system's).
    case cannotStart(reason: String)
    /// The user's limit on inotify watches (`fs.inotify.max_user_watches`) is reached.
    case tooManyFolders(path: String, limit: Int?)
    /// The folder cannot be watched or read.
    case cannotWatch(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotStart(reason):
            return "cannot start watching folders (inotify): \(reason)"
        case let .tooManyFolders(path, limit):
            let said = limit.map { " (\($0))" } ?? ""
            return "cannot watch \(path): the system's limit on watched folders\(said) is reached; "
                + "raise it, e.g. sudo sysctl fs.inotify.max_user_watches=524288"
        case let .cannotWatch(path, reason):
            return "cannot watch \(path): \(reason)"
        }
    }
}
