#if canImport(Glibc)
import Glibc
#endif

extension DiscoverStage {
    /// What a file that is neither a regular file, a folder nor a symbolic link is, from its
    /// `st_mode`: "FIFO", "socket", "character device" or "block device"; nil for the others.
    /// Such a file is never opened: opening a FIFO waits for a writer.
    public static func specialFileKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFIFO: return "FIFO"
        case S_IFSOCK: return "socket"
        case S_IFCHR: return "character device"
        case S_IFBLK: return "block device"
        default: return nil
        }
    }

    /// Why such a file is skipped, as ingest and `metadata` say it; nil for other files.
    public static func specialFileSkipReason(_ mode: mode_t) -> String? {
        specialFileKind(mode).map { "a \($0), not a regular file or a folder; not opened" }
    }
}
