import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Walks the ingested roots and streams what it finds, one entry at a time.
///
/// Nothing is listed into memory first: each directory is read entry by entry while the
/// next stages already work, and a full queue pauses the walk (back-pressure). Symbolic
/// links are never followed (no walk leaves its root, no loop), a folder met twice (a bind
/// mount of its own ancestor) is walked once, FIFOs and devices are never
/// opened, and the library folder is never walked into (a root that is the library or lies
/// inside it is not walked at all). Folders are walked through their
/// descriptors (`openat`, `fstatat`), so a path longer than `PATH_MAX` is walked too; every
/// path is `PathText`, so a name that is not UTF-8 is found like any other. At most 256
/// folders deep (as many open descriptors).
public final class DiscoverStage: @unchecked Sendable {
    /// What the walk of one root found: a root that vanished or holds no file must not make
    /// its assets look deleted.
    public struct RootReport: Sendable {
        public var root: String
        public var problem: String?
        public var regularFiles = 0
        /// The root was one file, not a folder: nothing else under its folder was looked at.
        public var isSingleFile = false
    }

    public let name = IngestStage.discover.rawValue
    private let library: FolderIdentity?
    /// The roots' folders judged inside the library or not so far (`FolderIdentity`), under `judgedLock`.
    private var judged: [String: Bool] = [:]
    private let judgedLock = NSLock()
    /// The deepest folder walked under a root (the watch of `shoebox watch` stops there too).
    static let maxDepth = 256
    private let cancelled: @Sendable () -> Bool
    /// Regular files found so far, readable from any thread (for progress lines).
    public let discovered = AtomicCounter()

    /// Paths never yielded (a supervised profile's files done by an earlier process).
    private let skipped: Set<String>
    /// Yields nothing: a walk that only counts (`count(root:)`).
    private var countsOnly = false

    public init(excluding libraryRoot: URL?, skipping skipped: Set<String> = [],
                cancelled: @escaping @Sendable () -> Bool = { false }) {
        library = libraryRoot.flatMap { FolderIdentity(path: $0.path) }
        self.skipped = skipped
        self.cancelled = cancelled
    }

    /// The regular files a walk of `root` finds, nothing yielded: the total a progress line
    /// shows while the real walk, paced by the decoders, goes on.
    public func count(root: String) -> Int {
        countsOnly = true
        defer { countsOnly = false }
        return walk(root: root, into: BlockingQueue(capacity: 1)).regularFiles
    }

    /// Walks `root` (already absolute and resolved), pushing every entry into `output`.
    public func walk(root: String, into output: BlockingQueue<PipelineItem<DiscoveredFile>>) -> RootReport {
        let emit = emitter(into: output)
        var report = RootReport(root: root)
        var info = stat()
        guard SourceFile.linkStatus(root, &info) == 0 else {
            report.problem = "cannot open \(root): \(String(cString: strerror(errno)))"
            return report
        }
        if let library, judgedLock.withLock({ library.isSelfOrAncestor(of: root, judged: &judged) }) {
            report.problem = "\(root) is the library or inside it: a library is never ingested"
            return report
        }
        if (info.st_mode & S_IFMT) == S_IFREG {
            report.regularFiles = 1
            report.isSingleFile = true
            discovered.increment()
            emit(.work(DiscoveredFile(path: root, root: (root as NSString).deletingLastPathComponent,
                                             status: SourceFile.Status(info))))
            return report
        }
        if let reason = Self.specialFileSkipReason(info.st_mode) {  // one entry, as a file root is: never opened
            report.isSingleFile = true
            emit(.settled(.skipped(path: root, reason: reason)))
            return report
        }
        let folder = SourceFile.openDescriptor(root, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            report.problem = "cannot read \(root): \(String(cString: strerror(errno)))"
            emit(.settled(.skipped(path: root, reason: "cannot read folder: \(String(cString: strerror(errno)))")))
            return report
        }
        var walked: Set = [FolderIdentity(info)]
        walkFolder(folder, path: root, root: root, depth: 0, walked: &walked, report: &report, output: output)
        return report
    }

    /// Walks an open folder (and closes it): each entry is looked at and opened relative to
    /// its folder's descriptor, so no path is resolved again, however deep or long, and a name
    /// that is not UTF-8 is walked like any other (its text escaped, see `PathText`).
    /// `walked`: the folders of this root walked so far, by device and inode: a folder met again
    /// (a bind mount of one of its own ancestors, a filesystem loop) is not walked twice.
    /// Pushes an entry into `output`, unless its path is one to skip.
    private func emitter(into output: BlockingQueue<PipelineItem<DiscoveredFile>>) -> (PipelineItem<DiscoveredFile>) -> Void {
        if countsOnly { return { _ in } }
        guard !skipped.isEmpty else { return { output.push($0) } }
        return { [skipped] item in
            if !skipped.contains(item.path) { output.push(item) }
        }
    }

    private func walkFolder(_ folder: Int32, path directory: String, root: String, depth: Int, walked: inout Set<FolderIdentity>,
                            report: inout RootReport, output: BlockingQueue<PipelineItem<DiscoveredFile>>) {
        let emit = emitter(into: output)
        guard let handle = fdopendir(folder) else {
            emit(.settled(.skipped(path: directory, reason: "cannot read folder: \(String(cString: strerror(errno)))")))
            close(folder)
            return
        }
        defer { closedir(handle) }
        while !cancelled(), let entry = readdir(handle) {
            let name = DirectoryEntryName.bytes(of: entry)
            if name == [46] || name == [46, 46] { continue }
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + PathText.encode(name)
            let cName = name.map { CChar(bitPattern: $0) } + [0]
            var info = stat()
            guard fstatat(dirfd(handle), cName, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                emit(.settled(.skipped(path: path, reason: "cannot stat: \(String(cString: strerror(errno)))")))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                report.regularFiles += 1
                discovered.increment()
                emit(.work(DiscoveredFile(path: path, root: root, status: SourceFile.Status(info))))
            case S_IFDIR:
                if let library, library == FolderIdentity(info) { continue }
                guard walked.insert(FolderIdentity(info)).inserted else {
                    emit(.settled(.skipped(path: path, reason: "the same folder as one walked already (a bind mount or a loop); not walked again")))
                    continue
                }
                guard depth < Self.maxDepth else {
                    emit(.settled(.skipped(path: path, reason: "deeper than \(Self.maxDepth) folders; not walked")))
                    continue
                }
                let child = openat(dirfd(handle), cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    emit(.settled(.skipped(path: path, reason: "cannot read folder: \(String(cString: strerror(errno)))")))
                    continue
                }
                walkFolder(child, path: path, root: root, depth: depth + 1, walked: &walked, report: &report, output: output)
            case S_IFLNK:
                emit(.settled(.skipped(path: path, reason: "symbolic link; links are not followed")))
            default:
                emit(.settled(.skipped(path: path, reason: "not a regular file (FIFO, socket or device)")))
            }
        }
    }
}
