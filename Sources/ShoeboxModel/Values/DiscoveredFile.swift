/// A regular file found under an ingested root, with its size and modification time.
public struct DiscoveredFile: Sendable, Equatable {
    /// Absolute, under `root`.
    public var path: String
    /// The ingested root (absolute, symlinks resolved) this file was found under.
    public var root: String
    public var status: FileStatus

    public init(path: String, root: String, status: FileStatus) {
        self.path = path
        self.root = root
        self.status = status
    }
}
