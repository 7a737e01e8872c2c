/// The identity and change stamp of a regular file: what tells a run that a file is the one
/// it saw before (device and inode) and whether it changed (size and modification time).
public struct FileStatus: Equatable, Sendable {
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var modifiedNanoseconds: Int64
    public var device: UInt64
    public var inode: UInt64

    public init(size: Int64, modifiedNanoseconds: Int64, device: UInt64, inode: UInt64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.device = device
        self.inode = inode
    }
}
